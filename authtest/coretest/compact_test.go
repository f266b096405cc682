package coretest

import (
	"bytes"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// compactKey returns a random signing key for a compact cache.
func compactKey(t *testing.T) auth.Secret {
	return auth.NewSecret(base64.RawURLEncoding.EncodeToString(newSealer(t)))
}

// compactInstance is an instance on e's faulting pool with a compact cache
// of keys and a session lifetime of life (the default when 0).
func compactInstance(t *testing.T, e *authtest.Engine, pool *sql.DB, clock *authtest.Clock, life time.Duration, keys ...auth.Secret) *auth.Auth {
	t.Helper()
	cache, err := authhttp.NewCompactCache(keys...)
	if err != nil {
		t.Fatal(err)
	}
	opts := []auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
		auth.WithClock(clock.Now), auth.WithoutRateLimits(), auth.WithSessionCache(cache, time.Minute)}
	if life > 0 {
		opts = append(opts, auth.WithSessionLifetime(life), auth.WithSessionUpdateAge(life/3))
	}
	a, err := auth.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	return a
}

// readCompact is what a browser's script does with the compact cookie:
// base64url-decode its second part and parse the JSON.
func readCompact(t *testing.T, v string) authhttp.CompactPayload {
	t.Helper()
	parts := strings.Split(v, ".")
	if len(parts) != 4 {
		t.Fatalf("compact cookie %q has %d parts, want 4", v, len(parts))
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatalf("compact payload: %v", err)
	}
	var p authhttp.CompactPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatalf("compact payload %s: %v", raw, err)
	}
	return p
}

// setCookie returns the Set-Cookie of an answer for name, or nil.
func setCookie(w *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range w.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// TestCompactCache: a browser carries its session's compact cookie, which
// its script can read (not HttpOnly, base64url JSON of what GET /session
// answers, no token) and which the server trusts only with its signature:
// a request with a current cookie runs no statement and answers what the
// database gave; a cookie whose readable part, encoded part or signature
// was altered, made for another session, signed with a dropped key or past
// its time is a miss, never another person; the browser that makes a
// change drops its cookie; a change elsewhere shows once the cookie's time
// is up (the documented lag); bearer clients carry none; the cookie never
// outlives its session.
func TestCompactCache(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		key := compactKey(t)
		a := compactInstance(t, e, pool, clock, 0, key)
		h := handler(a)
		name := authhttp.CompactCookieName(a)
		signIn, get := browsing(t, h, clock)
		// hit reports whether a request with j was served from its cookie,
		// and who it answered.
		hit := func(j browserJar) (bool, string) {
			faults.Reset()
			w := get(j)
			var info struct{ User *auth.User }
			if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &info) != nil {
				t.Fatalf("GET /auth/session = %d %s", w.Code, w.Body)
			}
			return faults.Statements() == 0, info.User.Name
		}

		ada := signIn("ada")
		token := ada[authhttp.CookieName(a)]
		fromStore := get(ada)
		set := setCookie(fromStore, name)
		if fromStore.Code != http.StatusOK || set == nil || set.Value == "" {
			t.Fatalf("the first request = %d, compact cookie %v; want 200 and a cookie", fromStore.Code, set)
		}
		if set.HttpOnly || set.SameSite != http.SameSiteLaxMode || set.Path != "/" {
			t.Errorf("compact cookie HttpOnly %v SameSite %v Path %q, want readable by the page, Lax, /", set.HttpOnly, set.SameSite, set.Path)
		}
		if strings.Contains(set.Value, token) {
			t.Errorf("the compact cookie carries the session token")
		}

		// The browser's script reads what GET /session answers, no more.
		var answer struct{ User, Session json.RawMessage }
		if err := json.Unmarshal(fromStore.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		p := readCompact(t, set.Value)
		user, _ := json.Marshal(p.User)
		session, _ := json.Marshal(p.Session)
		if !bytes.Equal(user, answer.User) || !bytes.Equal(session, answer.Session) {
			t.Errorf("the cookie reads\n%s\n%s\nwant GET /session's\n%s\n%s", user, session, answer.User, answer.Session)
		}
		if want := clock.Now().Add(time.Minute).UnixMilli(); p.Until != want || p.Until > p.Session.ExpiresAt.UnixMilli() {
			t.Errorf("until = %d, want %d (now + the cache's lifetime), and not past the session's expiry %v", p.Until, want, p.Session.ExpiresAt)
		}

		faults.Reset()
		fromCookie := get(ada)
		if fromCookie.Code != http.StatusOK || faults.Statements() != 0 {
			t.Fatalf("a request with a compact cookie = %d and %d statements, want 200 and none", fromCookie.Code, faults.Statements())
		}
		if fromCookie.Body.String() != fromStore.Body.String() {
			t.Errorf("the cookie's answer differs from the database's:\n%s\nwant\n%s", fromCookie.Body, fromStore.Body)
		}
		if c := fromCookie.Result().Cookies(); len(c) != 0 {
			t.Errorf("a request served from its cookie set cookies %v, want none", c)
		}

		// Another session's cookie, or one altered in any part: a miss,
		// answered from the store for the token's own session.
		eve := signIn("eve")
		get(eve)
		swapped := eve.clone()
		swapped[name] = ada[name]
		if cached, who := hit(swapped); cached || who != "eve" {
			t.Fatalf("eve's token with ada's compact cookie: cached %v, answered %q; want eve from the store", cached, who)
		}
		parts := strings.Split(ada[name], ".")
		forged := readCompact(t, ada[name])
		forged.User.Name = "mallory"
		forgedJSON, _ := json.Marshal(forged)
		flip := func(s string) string { // another base64url string of the same length
			b := []byte(s)
			if b[len(b)/2] == 'A' {
				b[len(b)/2] = 'B'
			} else {
				b[len(b)/2] = 'A'
			}
			return string(b)
		}
		for what, v := range map[string]string{
			"a readable part naming another": parts[0] + "." + base64.RawURLEncoding.EncodeToString(forgedJSON) + "." + parts[2] + "." + parts[3],
			"an altered readable part":       parts[0] + "." + flip(parts[1]) + "." + parts[2] + "." + parts[3],
			"an altered encoded part":        parts[0] + "." + parts[1] + "." + flip(parts[2]) + "." + parts[3],
			"an altered signature":           parts[0] + "." + parts[1] + "." + parts[2] + "." + flip(parts[3]),
			"no signature":                   parts[0] + "." + parts[1] + "." + parts[2],
			"another version":                "c2" + ada[name][2:],
		} {
			altered := ada.clone()
			altered[name] = v
			if cached, who := hit(altered); cached || who != "ada" {
				t.Errorf("%s: cached %v, answered %q; want a miss answered from the store", what, cached, who)
			}
		}

		carriedLag(t, h, name, clock, signIn, get)

		// Rotation: a new key in front verifies the old cookies; without
		// the old key they are misses.
		get(ada)
		for _, tt := range []struct {
			keys []auth.Secret
			hit  bool
		}{{[]auth.Secret{compactKey(t), key}, true}, {[]auth.Secret{compactKey(t)}, false}} {
			b := compactInstance(t, e, pool, clock, 0, tt.keys...)
			faults.Reset()
			clock.Advance(time.Millisecond)
			if w := ada.clone().do(handler(b), http.MethodGet, "/auth/session", ""); w.Code != http.StatusOK || (faults.Statements() == 0) != tt.hit {
				t.Errorf("after rotation (hit %v): %d with %d statements", tt.hit, w.Code, faults.Statements())
			}
		}

		bearerCarriesNone(t, h, name)

		// A user whose cookie would pass the browser's limits is not cached:
		// answered from the store, no cookie set.
		long := signIn("lee")
		var who struct{ User *auth.User }
		json.Unmarshal(get(long).Body.Bytes(), &who)
		if _, err := e.SQL().Exec(t.Context(), sqlb.Update(auth.Users).Set(auth.UserName.Set(strings.Repeat("n", 1500))).
			Where(auth.UserID.Eq(who.User.ID))); err != nil {
			t.Fatal(err)
		}
		if err := a.UserChanged(t.Context(), who.User.ID); err != nil {
			t.Fatal(err)
		}
		delete(long, name) // as if it had passed the lag
		if w := get(long); w.Code != http.StatusOK || setCookie(w, name) != nil || !strings.Contains(w.Body.String(), "nnnn") {
			t.Errorf("a user of a 1500-byte name = %d, compact cookie %v; want 200 from the store and none", w.Code, setCookie(w, name))
		}

		// A session shorter than the cache's lifetime: the cookie ends
		// with it, and a copy is refused once it ended.
		short := compactInstance(t, e, pool, clock, 30*time.Second, key)
		hs := handler(short)
		j := browserJar{}
		j.do(hs, http.MethodPost, "/auth/authtest/sign-in", `{"name":"sam"}`)
		clock.Advance(time.Millisecond)
		w := j.do(hs, http.MethodGet, "/auth/session", "")
		if p := readCompact(t, j[name]); w.Code != http.StatusOK || p.Until != p.Session.ExpiresAt.UnixMilli() {
			t.Fatalf("a 30 s session: %d, cookie until %d, want its expiry %v", w.Code, p.Until, p.Session.ExpiresAt)
		}
		clock.Advance(30 * time.Second)
		wantError(t, "a compact cookie of an expired session", asResponse(j.do(hs, http.MethodGet, "/auth/session", "")),
			http.StatusUnauthorized, "no_session")
	})
}

// TestCompactCacheKeys: a compact cache needs keys at least as long as its
// MAC, and never prints them.
func TestCompactCacheKeys(t *testing.T) {
	for _, tt := range []struct {
		name string
		keys []auth.Secret
		ok   bool
	}{
		{"none", nil, false},
		{"short", []auth.Secret{auth.NewSecret(strings.Repeat("k", authhttp.MinCompactKey-1))}, false},
		{"a short second", []auth.Secret{auth.NewSecret(strings.Repeat("k", 32)), auth.NewSecret("k")}, false},
		{"32 bytes", []auth.Secret{auth.NewSecret(strings.Repeat("k", 32))}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := authhttp.NewCompactCache(tt.keys...)
			if (err == nil) != tt.ok {
				t.Fatalf("NewCompactCache(%s) = %v, want ok %v", tt.name, err, tt.ok)
			}
			if c != nil {
				for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
					if out := fmt.Sprintf(format, c); strings.Contains(out, "kkkk") {
						t.Errorf("Sprintf(%q) = %s: the key shows", format, out)
					}
				}
			}
		})
	}
}
