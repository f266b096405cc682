package test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

var people = []person{
	{Name: "Ada", Email: "ada@example.com", Password: "correct horse battery", Verified: true, GitHub: "4242"},
	{Name: "Bob", Email: "Bob@Example.com", Password: "another fine password"},
	{Name: "Cy", Email: "cy@example.com", Password: "yet another password", Verified: true},
}

// TestBetterAuthDatabase imports a database that better-auth made itself,
// on every engine: users, addresses verified as better-auth knew them,
// the password hashes handed to the password plugin as they are, the
// GitHub account, the live sessions; a dry run first writes nothing, a
// second run imports nothing twice, and the session cookie better-auth
// set keeps its holder signed in across the bridge.
func TestBetterAuthDatabase(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		m := makeBetterAuth(t, e, people)
		if m.CookieUser != m.Users[0].ID {
			t.Fatalf("better-auth's getSession with its own cookie found %q, want %q", m.CookieUser, m.Users[0].ID)
		}
		src := func() authimport.Source { return authimport.BetterAuth(e.DB, e.Dialect) }

		before := state(t, e.SQL())
		dry := f.run(t, src(), authimport.DryRun())
		if after := state(t, e.SQL()); after != before {
			t.Fatalf("a dry run changed the database:\n%s\nwas\n%s", after, before)
		}
		want := authimport.Report{Source: "better-auth", Read: 3, Users: authimport.Count{Imported: 3},
			Passwords: authimport.Count{Imported: 3}, Accounts: authimport.Count{Imported: 1}, Sessions: authimport.Count{Imported: 4}}
		want.DryRun = true
		if !sameCounts(*dry, want) {
			t.Fatalf("dry run = %+v, want %+v", *dry, want)
		}

		r := f.run(t, src())
		want.DryRun = false
		if !sameCounts(*r, want) {
			t.Fatalf("Import = %+v, want %+v", *r, want)
		}
		ada, bob, cy := f.imported(t, "better-auth", m.Users[0].ID), f.imported(t, "better-auth", m.Users[1].ID), f.imported(t, "better-auth", m.Users[2].ID)
		for _, c := range []struct {
			uid  string
			want []string
		}{
			{ada, []string{"email ada@example.com true", "oauth:github 4242 true"}},
			{bob, []string{"email bob@example.com false"}},
			{cy, []string{"email cy@example.com true"}},
		} {
			if got := f.identities(t, c.uid); !slices.Equal(got, c.want) {
				t.Errorf("identities of %s = %q, want %q", c.uid, got, c.want)
			}
		}
		for i, uid := range []string{ada, bob, cy} {
			var hash string
			q := `SELECT "password" FROM "account" WHERE "userId" = ? AND "providerId" = 'credential'`
			if e.Name == "postgres" {
				q = strings.Replace(q, "?", "$1", 1)
			}
			if e.Name == "mysql" {
				q = strings.ReplaceAll(q, `"`, "`")
			}
			if err := e.DB.QueryRow(q, m.Users[i].ID).Scan(&hash); err != nil {
				t.Fatal(err)
			}
			if got, want := f.hashOf(t, uid), authimport.BetterAuthScheme+" "+hash; got != want || !strings.Contains(hash, ":") {
				t.Errorf("password hash of %s = %q, want better-auth's %q", m.Users[i].Email, got, want)
			}
		}

		// Times cross engines and drivers as instants: better-auth made
		// Ada a moment ago, with sessions of 7 days.
		var created, expires time.Time
		if err := f.a.DB().One(context.Background(), sqlb.Select(auth.UserCreatedAt.Into(&created)).From(auth.Users).
			Where(auth.UserID.Eq(ada))); err != nil {
			t.Fatal(err)
		}
		if err := f.a.DB().One(context.Background(), sqlb.Select(auth.SessionExpiresAt.Into(&expires)).
			From(auth.Sessions).Where(auth.SessionUserID.Eq(ada)).OrderBy(auth.SessionExpiresAt.Desc()).Limit(1)); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if d := now.Sub(created); d < 0 || d > 2*time.Minute {
			t.Errorf("Ada's sign-up time = %v, %v before now: want better-auth's, a moment ago", created, d)
		}
		if d := expires.Sub(now.Add(7 * 24 * time.Hour)); d < -2*time.Minute || d > time.Minute {
			t.Errorf("Ada's session expires at %v, want better-auth's 7 days from now", expires)
		}

		imported := state(t, e.SQL())
		again := f.run(t, src())
		want = authimport.Report{Source: "better-auth", Read: 3, Users: authimport.Count{Already: 3},
			Passwords: authimport.Count{Already: 3}, Accounts: authimport.Count{Already: 1}, Sessions: authimport.Count{Already: 4}}
		if !sameCounts(*again, want) {
			t.Fatalf("a second Import = %+v, want %+v", *again, want)
		}
		if after := state(t, e.SQL()); after != imported {
			t.Fatalf("a second run changed the database:\n%s\nwas\n%s", after, imported)
		}

		// The cookie better-auth set: Sesame's cookie replaces it, and
		// both find Ada.
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		res, body := get(t, srv.URL+"/me", "better-auth.session_token="+m.Cookie)
		if res.StatusCode != http.StatusOK || body != ada {
			t.Fatalf("GET /me with better-auth's cookie = %d %q, want 200 %q", res.StatusCode, body, ada)
		}
		sesame := cookie(res, authhttp.CookieName(f.a))
		if sesame == nil || sesame.Value == "" || sesame.MaxAge <= 0 {
			t.Fatalf("the bridged answer set no session cookie: %q", res.Header.Values("Set-Cookie"))
		}
		if old := cookie(res, "better-auth.session_token"); old == nil || old.MaxAge >= 0 {
			t.Fatalf("the bridged answer did not delete better-auth's cookie: %q", res.Header.Values("Set-Cookie"))
		}
		res, body = get(t, srv.URL+"/me", sesame.Name+"="+sesame.Value)
		if res.StatusCode != http.StatusOK || body != ada {
			t.Fatalf("GET /me with Sesame's new cookie = %d %q, want 200 %q", res.StatusCode, body, ada)
		}
	})
}

// sameCounts compares reports by their counts, source and dry run, and
// shows the problems of one that has any.
func sameCounts(got, want authimport.Report) bool {
	return got.Source == want.Source && got.DryRun == want.DryRun && got.Read == want.Read && got.Users == want.Users &&
		got.Passwords == want.Passwords && got.Accounts == want.Accounts && got.Sessions == want.Sessions &&
		len(got.Problems) == len(want.Problems)
}

// get sends a GET with cookies and reads the answer.
func get(t testing.TB, url string, cookies ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// cookie returns the cookie of a name an answer sets, or nil.
func cookie(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}
