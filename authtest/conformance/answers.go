package conformance

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// signIn signs name in with the test plugin's route and returns the answer.
func signIn(tb testing.TB, c *client, name string) authtest.LoginResult {
	tb.Helper()
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
	wantOK(tb, "sign-in of "+name, res)
	var out authtest.LoginResult
	res.Decode(tb, &out)
	if out.User == nil || out.Session == nil || out.User.Name != name || out.Session.UserID != out.User.ID {
		tb.Fatalf("sign-in of %s answered %s, want its user and session", name, res.Body)
	}
	return out
}

// wantOK checks a successful answer of an auth route: 200, JSON, not to
// be cached. It stops the test otherwise, since what follows builds on it.
func wantOK(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	if res.Status != http.StatusOK {
		tb.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	wantHeaders(tb, what, res)
}

// wantHeaders checks the headers every answer of authhttp carries.
func wantHeaders(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		tb.Errorf("%s: Content-Type = %q, want application/json", what, ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		tb.Errorf("%s: Cache-Control = %q, want no-store", what, cc)
	}
}

// wantMe checks that MePath answers 200 with the user and session of in.
func wantMe(tb testing.TB, c *client, in authtest.LoginResult) {
	tb.Helper()
	res := c.Get(MePath)
	if res.Status != http.StatusOK {
		tb.Fatalf("GET %s = %d %s, want 200", MePath, res.Status, res.Body)
	}
	var got MeAnswer
	if err := authtest.StrictDecode(res.Body, &got); err != nil {
		tb.Fatalf("GET %s = %s, want a MeAnswer: %v", MePath, res.Body, err)
	}
	if want := (MeAnswer{UserID: in.User.ID, Name: in.User.Name, SessionID: in.Session.ID}); got != want {
		tb.Errorf("GET %s = %+v, want %+v", MePath, got, want)
	}
}

// wantError checks an error answer; see [authtest.WantError].
func wantError(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	authtest.WantError(tb, what, res, status, code)
}
