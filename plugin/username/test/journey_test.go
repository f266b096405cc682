package test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/username"
)

// TestUsernameJourney: an app of usernames and passwords, no email: sign
// up, sign in by the name in any case or look, and the name shown as
// typed.
func TestUsernameJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		res := post(t, f.c, "/auth/password/sign-up", map[string]string{"username": "JaneDoe", "password": "correct horse", "name": "Jane"}, http.StatusOK)
		if got := string(res.Body); got != `{"status":"created"}`+"\n" && got != `{"status":"created"}` {
			t.Errorf("sign-up = %s, want status created", res.Body)
		}
		for _, as := range []map[string]string{
			{"username": "JaneDoe"}, {"username": "janedoe"}, {"username": " JANEDOE "}, {"username": "ｊａｎｅｄｏｅ"},
			{"identifier": "janedoe"}, {"identifier": "JaneDoe", "kind": "username"},
		} {
			as["password"] = "correct horse"
			c := f.client(t)
			post(t, c, "/auth/password/sign-in", as, http.StatusOK)
			if got := shown(t, c); got != "JaneDoe" {
				t.Errorf("signed in with %v: username shown %v, want JaneDoe as typed", as, got)
			}
		}
		wantError(t, "a wrong password", f.c.Post("/auth/password/sign-in", map[string]string{"username": "JaneDoe", "password": "wrong horse"}),
			http.StatusUnauthorized, "invalid_credentials")
		wantError(t, "an unknown name", f.c.Post("/auth/password/sign-in", map[string]string{"username": "JohnDoe", "password": "correct horse"}),
			http.StatusUnauthorized, "invalid_credentials")
		wantError(t, "sign-in by email in an app without email", f.c.Post("/auth/password/sign-in",
			map[string]string{"email": "jane@example.com", "password": "correct horse"}), http.StatusBadRequest, "invalid_input")
		wantError(t, "sign-up by email in an app without email", f.c.Post("/auth/password/sign-up",
			map[string]string{"email": "jane@example.com", "password": "correct horse"}), http.StatusBadRequest, "invalid_input")
		post(t, f.c, "/auth/password/forgot", map[string]string{"email": "jane@example.com"}, http.StatusOK) // alike, nothing sent
	})
}

// TestTakenAndReserved: a name whose key is taken, in any case or with a
// look-alike letter, is username_taken; reserved names and their
// look-alikes are username_reserved; a malformed one says why.
func TestTakenAndReserved(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.person(t, "paypal", "paypal's password")
		tests := []struct {
			name, username string
			status         int
			code           string
		}{
			{"same name", "paypal", http.StatusConflict, "username_taken"},
			{"capitals", "PayPal", http.StatusConflict, "username_taken"},
			{"cyrillic a", "p\u0430ypal", http.StatusConflict, "username_taken"},
			{"cyrillic p and a", "\u0440\u0430ypal", http.StatusConflict, "username_taken"},
			{"full width", "ｐａｙｐａｌ", http.StatusConflict, "username_taken"},
			{"reserved", "admin", http.StatusBadRequest, "username_reserved"},
			{"reserved look-alike", "\u0430dmin", http.StatusBadRequest, "username_reserved"},
			{"reserved support", "Support", http.StatusBadRequest, "username_reserved"},
			{"too short", "ab", http.StatusBadRequest, "username_invalid"},
			{"a space", "jane doe", http.StatusBadRequest, "username_invalid"},
			{"a zero-width joiner", "pay\u200dpal", http.StatusBadRequest, "username_invalid"},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				wantError(t, "sign-up as "+strconv.Quote(tt.username), f.c.Post("/auth/password/sign-up",
					map[string]string{"username": tt.username, "password": "another password"}), tt.status, tt.code)
				c := f.person(t, "other"+strconv.Itoa(i), "other password")
				wantError(t, "change to "+strconv.Quote(tt.username), c.Post("/auth/username/set", map[string]string{"username": tt.username}), tt.status, tt.code)
			})
		}
	})
}

// TestCheck: the check says whether a name is free, or the caller's own,
// refuses malformed and reserved names as a change would, and is limited
// per client IP.
func TestCheck(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		jane := f.person(t, "JaneDoe", "jane's password")
		check := func(c *authtest.Client, name string, want bool) {
			t.Helper()
			var got struct {
				Username  string `json:"username"`
				Available bool   `json:"available"`
			}
			post(t, c, "/auth/username/check", map[string]string{"username": name}, http.StatusOK).Decode(t, &got)
			if got.Available != want || got.Username != name {
				t.Errorf("check %q = %+v, want available %v", name, got, want)
			}
		}
		check(f.c, "JohnDoe", true)
		check(f.c, "janedoe", false)
		check(f.c, "j\u0430nedoe", false)
		check(jane, "janedoe", true)
		wantError(t, "check a reserved name", f.c.Post("/auth/username/check", map[string]string{"username": "root"}), http.StatusBadRequest, "username_reserved")
		wantError(t, "check a malformed name", f.c.Post("/auth/username/check", map[string]string{"username": "a b"}), http.StatusBadRequest, "username_invalid")

		limited := newFixture(t, e, setup{authOpts: []auth.Option{}})
		for i := range username.CheckRate.IP.Limit {
			post(t, limited.c, "/auth/username/check", map[string]string{"username": "name" + strconv.Itoa(i)}, http.StatusOK)
		}
		res := limited.c.Post("/auth/username/check", map[string]string{"username": "one-more"})
		wantError(t, "a check over the limit", res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("a check over the limit has no Retry-After")
		}
	})
}

// TestChange: choosing or changing a username needs a fresh session; a
// change waits for the cool-down after the last one, frees the old name,
// and ends the account's other sessions; a new look of the same name is
// not a change.
func TestChange(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		laptop := f.person(t, "JaneDoe", "jane's password")
		phone := f.client(t)
		f.signIn(t, phone, "janedoe", "jane's password")

		f.clock.Advance(time.Hour)
		wantError(t, "a change from an hour-old session", laptop.Post("/auth/username/set", map[string]string{"username": "JaneRoe"}),
			http.StatusForbidden, "fresh_session_required")
		wantError(t, "a change without a session", f.client(t).Post("/auth/username/set", map[string]string{"username": "JaneRoe"}),
			http.StatusUnauthorized, "no_session")

		f.signIn(t, laptop, "janedoe", "jane's password")
		post(t, laptop, "/auth/username/set", map[string]string{"username": "janedoe"}, http.StatusOK) // the same key: the look only
		if got := shown(t, laptop); got != "janedoe" {
			t.Errorf("after a new look: shown %v, want janedoe", got)
		}
		post(t, laptop, "/auth/username/set", map[string]string{"username": "JaneRoe"}, http.StatusOK)
		if got := shown(t, laptop); got != "JaneRoe" {
			t.Errorf("after the change: shown %v, want JaneRoe", got)
		}
		wantError(t, "the other session after the change", phone.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "sign-in by the old name", f.client(t).Post("/auth/password/sign-in",
			map[string]string{"username": "JaneDoe", "password": "jane's password"}), http.StatusUnauthorized, "invalid_credentials")
		f.signIn(t, f.client(t), "janeroe", "jane's password")

		res := laptop.Post("/auth/username/set", map[string]string{"username": "JaneMoe"})
		wantError(t, "a second change at once", res, http.StatusTooManyRequests, "username_cool_down")
		if got, want := res.Header.Get("Retry-After"), strconv.Itoa(7*24*3600); got != want {
			t.Errorf("Retry-After = %q, want %s", got, want)
		}
		post(t, laptop, "/auth/username/set", map[string]string{"username": "JANEROE"}, http.StatusOK) // a new look is no change

		// The old name is free for anyone.
		f.person(t, "janedoe", "another password")

		f.clock.Advance(7*24*time.Hour + time.Minute)
		f.signIn(t, laptop, "janeroe", "jane's password")
		post(t, laptop, "/auth/username/set", map[string]string{"username": "JaneMoe"}, http.StatusOK)
		f.signIn(t, f.client(t), "janemoe", "jane's password")
	})
}

// TestConcurrentChanges: of two changes of one account at once, the
// cool-down lets one through; of two people taking one name at once, one
// gets it.
func TestConcurrentChanges(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		jane := f.person(t, "JaneDoe", "jane's password")
		other := f.client(t)
		f.signIn(t, other, "janedoe", "jane's password")
		john := f.person(t, "JohnDoe", "john's password")

		type answer struct {
			who, name string
			status    int
		}
		answers := make(chan answer, 3)
		set := func(c *authtest.Client, who, name string) {
			answers <- answer{who, name, c.Post("/auth/username/set", map[string]string{"username": name}).Status}
		}
		go set(jane, "jane", "first-name")
		go set(other, "jane", "second-name")
		go set(john, "john", "first-name")
		got := map[string][]string{}
		for range 3 {
			a := <-answers
			switch a.status {
			case http.StatusOK:
				got[a.who] = append(got[a.who], a.name)
			case http.StatusTooManyRequests, http.StatusConflict, http.StatusUnauthorized:
			default:
				t.Errorf("%s's change to %s answered %d", a.who, a.name, a.status)
			}
		}
		if len(got["jane"]) != 1 || len(got["john"]) > 1 || len(got["john"]) == 1 && got["jane"][0] == "first-name" {
			t.Fatalf("concurrent changes went through: %v; want one of Jane's and, if hers was not first-name, John's", got)
		}
		f.signIn(t, f.client(t), got["jane"][0], "jane's password")
	})
}

// TestAccountRateLimit: sign-ins by username count per key, so that
// spellings of one name (letter case, full width, a look-alike) share the
// limit.
func TestAccountRateLimit(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{authOpts: []auth.Option{}})
		f.person(t, "JaneDoe", "jane's password") // one sign-in
		spellings := []string{"JaneDoe", "janedoe", "ＪＡＮＥＤＯＥ", "j\u0430nedoe"}
		for i := range auth.TightRate.Account.Limit - 1 {
			wantError(t, "a wrong password", f.c.Post("/auth/password/sign-in",
				map[string]string{"username": spellings[i%len(spellings)], "password": "wrong"}), http.StatusUnauthorized, "invalid_credentials")
		}
		wantError(t, "a sign-in over the account's limit", f.c.Post("/auth/password/sign-in",
			map[string]string{"identifier": "jaNEdoe", "password": "jane's password"}), http.StatusTooManyRequests, "rate_limited")
	})
}

// TestNamesAsTyped: names of any script are kept as typed, on every
// engine, and sign in in any form of their key.
func TestNamesAsTyped(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		for _, name := range []string{"Дмитрий", "さくら", "José.García", "ΑθηνᾶΠαλλάς", "이서연"} {
			c := f.person(t, name, "a long password")
			if got := shown(t, c); got != name {
				t.Errorf("signed up as %q: shown %q", name, got)
			}
		}
		f.signIn(t, f.client(t), "дмитрий", "a long password")
		f.signIn(t, f.client(t), "jose\u0301.garci\u0301a", "a long password")
	})
}
