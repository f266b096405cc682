package test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/sqlb"
)

// TestJourneyHTTP: values set, read, listed, replaced and deleted over
// HTTP belong to the one session: another session of the same person,
// and another person, see none of them.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, _ := f.signIn(t, "ada")
		mustOK(t, "set step", set(c, "wizard.step", `3`))
		mustOK(t, "set prefs", set(c, "prefs", `{ "theme" : "dark", "size": [1, 2] }`))
		var v sessiondata.Value
		mustOK(t, "get prefs", c.Get("/auth/session-data?key=prefs")).Decode(t, &v)
		if string(v.Value) != `{"theme":"dark","size":[1,2]}` {
			t.Errorf("prefs = %s, want the compact JSON", v.Value)
		}
		mustOK(t, "replace step", set(c, "wizard.step", `"done"`))
		var all sessiondata.ValueSet
		mustOK(t, "list", c.Get("/auth/session-data/all")).Decode(t, &all)
		if len(all.Values) != 2 || string(all.Values["wizard.step"]) != `"done"` {
			t.Errorf("list = %v", all.Values)
		}
		mustOK(t, "delete", c.Post("/auth/session-data/delete", map[string]string{"key": "prefs"}))
		wantError(t, "get a deleted key", c.Get("/auth/session-data?key=prefs"), http.StatusNotFound, sessiondata.ErrNotFound.Code)
		mustOK(t, "delete a missing key", c.Post("/auth/session-data/delete", map[string]string{"key": "prefs"}))

		other, _ := f.signIn(t, "ada")
		bob, _ := f.signIn(t, "bob")
		for name, cc := range map[string]interface {
			Get(string) *authtest.Response
		}{"ada's other session": other, "bob": bob} {
			wantError(t, name+" reads the key", cc.Get("/auth/session-data?key=wizard.step"), http.StatusNotFound, sessiondata.ErrNotFound.Code)
		}
		wantError(t, "without a session", f.first.Get("/auth/session-data/all"), http.StatusUnauthorized, "no_session")
	})
}

// TestJourneyGo: the same through typed Go calls.
func TestJourneyGo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, _ := f.signIn(t, "ada")
		ctx := goCtx(c)
		type cart struct {
			Items []string `json:"items"`
		}
		if err := f.data.Set(ctx, "cart", cart{Items: []string{"tea"}}); err != nil {
			t.Fatal(err)
		}
		var got cart
		if ok, err := f.data.Get(ctx, "cart", &got); !ok || err != nil || len(got.Items) != 1 || got.Items[0] != "tea" {
			t.Errorf("Get(cart) = %v, %v, %+v", ok, err, got)
		}
		if ok, err := f.data.Get(ctx, "none", &got); ok || err != nil {
			t.Errorf("Get(none) = %v, %v, want false, nil", ok, err)
		}
		all, err := f.data.List(ctx)
		if err != nil || len(all) != 1 || string(all["cart"]) != `{"items":["tea"]}` {
			t.Errorf("List = %v, %v", all, err)
		}
		if err := f.data.Delete(ctx, "cart"); err != nil {
			t.Fatal(err)
		}
		if err := f.data.Set(context.Background(), "cart", 1); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Set without a session = %v, want %v", err, auth.ErrNoSession)
		}
		if err := f.data.Set(ctx, "bad", func() {}); !errors.Is(err, auth.ErrInvalidInput) {
			t.Errorf("Set of a function = %v, want %v", err, auth.ErrInvalidInput)
		}
	})
}

// TestValuesEndWithTheirSession: values go when their session ends,
// however it ends, in every session store; the other sessions' stay.
func TestValuesEndWithTheirSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, store := range []string{"database", "memory"} {
			var more []auth.Option
			if store == "memory" {
				more = append(more, auth.WithSessionStore(auth.NewMemorySessionStore()))
			}
			f := newFixture(t, e, nil, more...)
			// The run before left a value of a session this store does not know.
			if _, err := f.a.DB().Exec(context.Background(), sqlb.Delete(sessiondata.Values).All()); err != nil {
				t.Fatal(err)
			}
			base := f.rows(t)
			a, _ := f.signIn(t, store+"-ada")
			b, _ := f.signIn(t, store+"-ada")
			mustOK(t, "set a", set(a, "k", `1`))
			mustOK(t, "set b", set(b, "k", `2`))

			mustOK(t, "sign out a", a.Post("/auth/sign-out", struct{}{}))
			if n := f.rows(t) - base; n != 1 {
				t.Errorf("%s: after a sign-out, %d values left, want b's", store, n)
			}
			c, _ := f.signIn(t, store+"-ada")
			mustOK(t, "set c", set(c, "k", `3`))
			mustOK(t, "b ends the others", b.Post("/auth/sessions/revoke-others", struct{}{}))
			if n := f.rows(t) - base; n != 1 {
				t.Errorf("%s: after revoke-others, %d values left, want b's own", store, n)
			}
			var info struct {
				Session auth.Session `json:"session"`
			}
			d, _ := f.signIn(t, store+"-ada")
			mustOK(t, "set d", set(d, "k", `4`))
			mustOK(t, "d's session", d.Get("/auth/session")).Decode(t, &info)
			mustOK(t, "b revokes d", b.Post("/auth/sessions/revoke", map[string]string{"id": info.Session.ID}))
			if n := f.rows(t) - base; n != 1 {
				t.Errorf("%s: after a revocation, %d values left, want b's", store, n)
			}

			f.clock.Advance(400 * 24 * time.Hour) // b expired
			e2, _ := f.signIn(t, store+"-eve")
			mustOK(t, "set e", set(e2, "k", `5`))
			if _, err := f.a.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			if n := f.rows(t) - base; n != 1 {
				t.Errorf("%s: after the sweep, %d values left, want the live session's", store, n)
			}
			var v json.RawMessage
			if ok, err := f.data.Get(goCtx(e2), "k", &v); !ok || err != nil || string(v) != "5" {
				t.Errorf("%s: the live session's value after the sweep = %v %v %s", store, ok, err, v)
			}
		}
	})
}

// TestCallsInsideAnOperation: a host's operation reads, stores and
// removes values of its caller's session in its own transaction.
func TestCallsInsideAnOperation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, _ := f.signIn(t, "ada")
		for want := 1; want <= 10; want++ {
			var n int
			mustOK(t, "count", c.Post("/auth/visits/count", struct{}{})).Decode(t, &n)
			if n != want {
				t.Fatalf("visit %d counted %d", want, n)
			}
		}
		wantError(t, "the removed count", c.Get("/auth/session-data?key=visits"), http.StatusNotFound, sessiondata.ErrNotFound.Code)
		mustOK(t, "count again", c.Post("/auth/visits/count", struct{}{}))
		var v sessiondata.Value
		mustOK(t, "the new count", c.Get("/auth/session-data?key=visits")).Decode(t, &v)
		if string(v.Value) != "1" {
			t.Errorf("count after the removal = %s, want 1", v.Value)
		}
	})
}
