package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/sqlb"
)

// TestFaultsAtEveryStatement runs every operation of the plugin, the
// resolution of a key (with its last-used write, and with its rate limit
// counted in the database) and the account-security event that deletes
// keys, with a failure at each statement and at the commit: each run
// answers 500 (or returns an error) and changes no key.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool, dbLimits: true,
			keys: []apikey.Option{apikey.WithRateLimit(auth.RateRule{Limit: 1000, Window: time.Minute})}})
		n := 0
		var c *authtest.Client
		var userID string
		var k created
		// account signs a new user in on c, with a key k.
		account := func(t *testing.T) {
			n++
			f.clock.Advance(time.Minute)
			c, userID = f.signIn(t, fmt.Sprintf("user%d", n))
			k = create(t, c, readKey)
			f.clock.Advance(2 * time.Hour) // the key's last use is due; a new session is fresh
			c, _ = f.signIn(t, fmt.Sprintf("user%d", n))
		}
		http200 := func(res *authtest.Response, what string) error {
			if res.Status == http.StatusOK {
				return nil
			}
			if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
				t.Fatalf("%s with a fault = %d %s, want 500 internal", what, res.Status, res.Body)
			}
			return errors.New(res.ErrorCode())
		}
		goErr := func(err error, what string) error {
			if err != nil && !errorIs(err, "internal") {
				t.Fatalf("%s with a fault = %v, want internal", what, err)
			}
			return err
		}
		ops := []struct {
			name string
			run  func() error
			// touches marks a resolution, whose last-used write (outside
			// any transaction, as the session's refresh) stands when a
			// later step fails: the key was presented.
			touches bool
		}{
			{"create", func() error { return http200(c.Post("/auth/api-keys/create", readKey), "create") }, false},
			{"list", func() error { return http200(c.Get("/auth/api-keys"), "list") }, false},
			{"revoke", func() error {
				return http200(c.Post("/auth/api-keys/revoke", map[string]string{"id": k.APIKey.ID}), "revoke")
			}, false},
			{"rotate", func() error {
				return http200(c.Post("/auth/api-keys/rotate", map[string]any{"id": k.APIKey.ID}), "rotate")
			}, false},
			{"a key on the app's route", func() error {
				return http200(f.withKey(k.Key, http.MethodGet, "/api/read", nil), "GET /api/read")
			}, true},
			{"a key on GET /session", func() error {
				return http200(f.withKey(k.Key, http.MethodGet, "/auth/session", nil), "GET /auth/session")
			}, true},
			{"signing out everywhere deletes the keys", func() error {
				return http200(c.Post("/auth/sessions/revoke-others", nil), "revoke-others")
			}, false},
			{"CreateFor", func() error {
				_, err := f.keys.CreateFor(context.Background(), apikey.CreateForRequest{UserID: userID,
					CreateRequest: apikey.CreateRequest{Name: "x", Scopes: []string{"read"}}})
				return goErr(err, "CreateFor")
			}, false},
			{"ListFor", func() error {
				_, err := f.keys.ListFor(context.Background(), userID)
				return goErr(err, "ListFor")
			}, false},
			{"RevokeAll", func() error {
				_, err := f.keys.RevokeAll(context.Background(), userID)
				return goErr(err, "RevokeAll")
			}, false},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					account(t)
					before = state(t, clean, !op.touches)
				}, op.run, func(t *testing.T) {
					if after := state(t, clean, !op.touches); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}

// state renders the keys (with their last-used times if used) and the
// sessions.
func state(t testing.TB, db *sqlb.DB, used bool) string {
	t.Helper()
	var id string
	var sessions []string
	err := db.All(context.Background(), sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() error { sessions = append(sessions, id); return nil })
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(keyRows(t, db, used), "\nsessions ", sessions)
}
