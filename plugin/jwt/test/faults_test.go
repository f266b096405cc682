package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/jwt"
	"github.com/sesame-go/sesame/sqlb"
)

// keyState renders the plugin's rows, so that a failed call can be shown
// to have changed nothing.
func keyState(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	var out []string
	var kid, sealed string
	var until, published nullTime
	var checked time.Time
	err := db.All(context.Background(), sqlb.Select(jwt.KeyID.Into(&kid), jwt.KeyPrivate.Into(&sealed), jwt.KeySignsUntil.Into(&until),
		jwt.KeyPublishedUntil.Into(&published)).From(jwt.SigningKeys).OrderBy(jwt.KeyGeneration.Asc()), func() error {
		out = append(out, fmt.Sprint(kid, sealed, until, published))
		return nil
	})
	if err == nil {
		err = db.One(context.Background(), sqlb.Select(jwt.RotationLockCheckedAt.Into(&checked)).From(jwt.RotationLock))
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(append(out, checked.String()), "\n")
}

// TestFaultsAtEveryStatement runs each of the plugin's calls with a
// failure at each of its statements and at its commit: each fails, and
// the database is as it was.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		in := newInstanceSealed(t, pool, e.Dialect, clock, [][]byte{[]byte("another-sealing-key-of-32-bytes!"), sealKey},
			jwt.WithRotation(48*time.Hour, time.Hour))
		resealer := newInstanceSealed(t, pool, e.Dialect, clock, [][]byte{[]byte("another-sealing-key-of-32-bytes!"), sealKey},
			jwt.WithRotation(0, time.Hour))
		clean := e.SQL()
		var c *authtest.Client
		httpOp := func(method, path string) func() error {
			return func() error {
				res := c.Do(method, path, nil, nil)
				if res.Status == http.StatusOK {
					return nil
				}
				if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
					t.Fatalf("%s %s with a fault = %d %s, want 500 internal", method, path, res.Status, res.Body)
				}
				return fmt.Errorf("%d", res.Status)
			}
		}
		// oldSealed seals every key with the old sealing key, as before a
		// change of sealing keys, for Maintain to seal them anew.
		oldSealed := func(t *testing.T) {
			old := newInstance(t, e.DB, e.Dialect, clock)
			mint(t, old.signIn(t, "old"), "")
		}
		ops := []struct {
			name  string
			setup func(t *testing.T)
			op    func() error
		}{
			{"the first mint, which makes the first key", func(t *testing.T) {
				clean.Exec(ctx, sqlb.Delete(jwt.SigningKeys).All())
				c = in.signIn(t, "ada")
			}, httpOp(http.MethodPost, "/auth/jwt/token")},
			{"a mint", func(t *testing.T) { c = in.signIn(t, "ada"); mint(t, c, "") }, httpOp(http.MethodPost, "/auth/jwt/token")},
			{"the key set", func(t *testing.T) { c = in.signIn(t, "ada"); mint(t, c, "") }, httpOp(http.MethodGet, "/auth/jwks")},
			{"a rotation", func(t *testing.T) { c = in.signIn(t, "ada"); mint(t, c, "") }, func() error {
				_, err := in.p.Rotate(ctx)
				return err
			}},
			{"a Maintain that rotates", func(t *testing.T) {
				c = in.signIn(t, "ada")
				mint(t, c, "")
				clock.Advance(48 * time.Hour)
			}, func() error { return in.a.Maintain(ctx) }},
			{"a Maintain that seals a key anew", func(t *testing.T) {
				clean.Exec(ctx, sqlb.Delete(jwt.SigningKeys).All())
				oldSealed(t)
			}, func() error { return resealer.a.Maintain(ctx) }},
		}
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before = keyState(t, clean)
				}, op.op, func(t *testing.T) {
					if after := keyState(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
