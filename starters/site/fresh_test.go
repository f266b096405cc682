package site

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// TestFreshSessionSignInAgain: a change that needs a fresh session, made
// from a session that is no longer fresh, says so with a link to sign in
// again that comes back to the account page, where the form was.
func TestFreshSessionSignInAgain(t *testing.T) {
	clk := &clock{now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	app, _ := newApp(t, Config{}, WithAuthOptions(auth.WithClock(clk.Now)))
	h := app.Handler()
	var cookies []*http.Cookie
	do := func(method, target string, form url.Values) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest(method, "http://app.test"+target, strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Origin", "http://app.test")
		for _, c := range cookies {
			r.AddCookie(c)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if c := w.Result().Cookies(); len(c) > 0 {
			cookies = c
		}
		return w
	}
	if w := do("POST", "/school/sign-in", url.Values{"userId": {"demo"}, "password": {"demo-pass"}}); w.Code != http.StatusSeeOther {
		t.Fatalf("school sign-in = %d\n%s", w.Code, w.Body)
	}
	link := url.Values{"userId": {"admin"}, "password": {"admin-pass"}}
	clk.Advance(auth.DefaultFreshAge + time.Minute)
	w := do("POST", "/account/school/link", link)
	if body := w.Body.String(); w.Code != http.StatusForbidden || !strings.Contains(body, "Sign in again to do this") ||
		!strings.Contains(body, `Sign in again to do this: <a href="/sign-in?next=%2Faccount">sign in</a>`) {
		t.Fatalf("link from a stale session = %d, want 403 with a link to sign in again and come back to /account\n%s", w.Code, body)
	}
	// Setting up an authenticator app and making recovery codes say the
	// same, and show no key.
	for _, path := range []string{"/account/two-factor/enrol", "/account/two-factor/recovery-codes"} {
		w := do("POST", path, nil)
		if body := w.Body.String(); w.Code != http.StatusForbidden || strings.Contains(body, "otpauth://") ||
			!strings.Contains(body, `Sign in again to do this: <a href="/sign-in?next=%2Faccount">sign in</a>`) {
			t.Fatalf("POST %s from a stale session = %d, want 403 with a link to sign in again\n%s", path, w.Code, body)
		}
	}
	page := do("GET", "/sign-in?next=%2Faccount", nil).Body.String()
	if !strings.Contains(page, `name="next" value="/account"`) || !strings.Contains(page, "Sign in again to confirm it is you") {
		t.Fatalf("the sign-in page does not come back to /account, or does not say why:\n%s", page)
	}
	// Signing in again (with the school account, as this person has no
	// password) makes a fresh session: the link works.
	if w := do("POST", "/school/sign-in", url.Values{"userId": {"demo"}, "password": {"demo-pass"}}); w.Code != http.StatusSeeOther {
		t.Fatalf("school sign-in again = %d\n%s", w.Code, w.Body)
	}
	if w := do("POST", "/account/school/link", link); w.Code != http.StatusSeeOther {
		t.Fatalf("link from a fresh session = %d\n%s", w.Code, w.Body)
	}
	if w := do("POST", "/account/two-factor/enrol", nil); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "otpauth://totp/") {
		t.Fatalf("enrol from a fresh session = %d\n%s", w.Code, w.Body)
	}
}
