package test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/sqlb"
)

// The apikey plugin reports its keys' use without importing stale.
var _ stale.ActivityReporter = (*apikey.Plugin)(nil)

// TestStaleDeletesActiveKeyOwner (bug class: lifecycle gap): an account
// used every day through an API key, and never signed in to, is active:
// the apikey plugin reports its keys' last use ([stale.ActivityReporter]),
// so a daily pass over 400 days neither mails its owner nor deletes it,
// while an account whose key stopped being used is mailed a year after
// the key's last use and deleted 30 days later.
func TestStaleDeletesActiveKeyOwner(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		h := authhttp.Handler(f.a)
		key := func(name, addr string) (string, func() int) {
			id := f.account(t, name, addr)
			k, err := f.keys.CreateFor(ctx, apikey.CreateForRequest{UserID: id, CreateRequest: apikey.CreateRequest{Name: "deploy"}})
			if err != nil {
				t.Fatal(err)
			}
			return id, func() int {
				r := httptest.NewRequest(http.MethodGet, "http://sesame.test/auth/session", nil)
				r.Header.Set("Authorization", "Bearer "+k.Secret.Secret().Reveal())
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				return w.Code
			}
		}
		ci, useCI := key("ci", "ci@example.com")
		old, useOld := key("old", "old@example.com")
		if useOld() != http.StatusOK {
			t.Fatal("the old key does not work")
		}
		for d := range 400 {
			f.clock.Advance(day)
			if c := useCI(); c != http.StatusOK {
				t.Fatalf("day %d: the daily key answers %d; account exists: %v", d+1, c, f.exists(t, ci))
			}
			if _, err := f.st.Run(ctx, false); err != nil {
				t.Fatal(err)
			}
			if d+1 == 365 && f.mail.count("old@example.com") != 1 {
				t.Fatalf("a year after the old key's last use, its owner got %d mails, want 1", f.mail.count("old@example.com"))
			}
		}
		if n := f.mail.count("ci@example.com"); n != 0 || !f.exists(t, ci) {
			t.Fatalf("the daily key's owner was mailed %d times, exists: %v", n, f.exists(t, ci))
		}
		if f.exists(t, old) {
			t.Fatal("the account whose key stopped a year and 30 days ago still exists")
		}
		var keys int64
		if err := f.e.SQL().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &keys)).From(apikey.Keys).
			Where(apikey.KeyUserID.Eq(old))); err != nil || keys != 0 {
			t.Fatalf("%d keys of the deleted account remain (%v)", keys, err)
		}
	})
}
