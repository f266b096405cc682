package site

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestFail: an operation's error shows by its message and status; an
// internal one shows no detail.
func TestFail(t *testing.T) {
	s := &App{pages: parsePages(), baseURL: "http://app.test"}
	tests := []struct {
		name       string
		err        error
		status     int
		show, hide string
		retryAfter string
	}{
		{"refusal", password.ErrInvalidCredentials, http.StatusUnauthorized, "Wrong email or password", "", ""},
		{"internal", auth.ErrInternal.Wrap(errors.New("dial db: password hunter2")), http.StatusInternalServerError,
			"Something went wrong on our side", "hunter2", ""},
		{"not an auth error", errors.New("hunter2 leaked"), http.StatusInternalServerError, "Something went wrong", "hunter2", ""},
		{"rate limited", &auth.Error{Code: "rate_limited", Status: 429, Message: "too many requests", RetryAfter: 1500 * time.Millisecond},
			http.StatusTooManyRequests, "Too many requests: try again in 2 seconds", "", "2"},
		{"escaped", auth.ErrInvalidInput.With(`<img src=x onerror=alert(1)>`), http.StatusBadRequest, "&lt;img src=x", "<img", ""},
		{"another origin", auth.ErrInvalidOrigin, http.StatusForbidden,
			`origin is not allowed (forms work only on pages opened at http://app.test, the app&#39;s base URL): <a href="http://app.test/sign-in">open this page there</a>`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			s.fail(w, httptest.NewRequest("POST", "/sign-in", nil), "sign-in", view{Title: "Sign in"}, tt.err)
			body := w.Body.String()
			if w.Code != tt.status || !strings.Contains(body, tt.show) || (tt.hide != "" && strings.Contains(body, tt.hide)) {
				t.Fatalf("fail(%v) = %d, want %d showing %q and not %q\n%s", tt.err, w.Code, tt.status, tt.show, tt.hide, body)
			}
			if got := w.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("fail(%v): Retry-After %q, want %q", tt.err, got, tt.retryAfter)
			}
		})
	}
}

// TestPages checks the pages' answers to hostile and wrong requests,
// through the net/http wiring.
func TestPages(t *testing.T) {
	s, _ := newApp(t, Config{})
	h := s.Handler()
	tests := []struct {
		method, target string
		status         int
		show           string
		location       string
		form           string
	}{
		{"GET", "/", http.StatusOK, "Sesame starter", "", ""},
		{"GET", "/courses?q=%3Cscript%3Ealert(1)%3C/script%3E", http.StatusOK, "&lt;script&gt;alert(1)&lt;/script&gt;", "", ""},
		{"GET", "/course?subject=CS&number=abc", http.StatusBadRequest, "Give a search, or a subject code", "", ""},
		{"GET", "/course?subject=CS&number=999", http.StatusNotFound, "No such course", "", ""},
		{"GET", "/api/course?subject=CS&number=999", http.StatusNotFound, `"code":"not_found"`, "", ""},
		{"GET", "/api/buildings?q=Kelley", http.StatusOK, `"name":"Kelley Engineering Center"`, "", ""},
		{"GET", "/api/courses", http.StatusBadRequest, `"code":"invalid_input"`, "", ""},
		{"GET", "/api/me", http.StatusUnauthorized, `"code":"no_session"`, "", ""},
		{"GET", "/sign-in?next=%22%3E%3Cscript%3E", http.StatusOK, `value="&#34;&gt;&lt;script&gt;"`, "", ""},
		{"GET", "/verify-email?token=%22%3E%3Cb%3E", http.StatusOK, `value="&#34;&gt;&lt;b&gt;"`, "", ""},
		{"GET", "/account", http.StatusSeeOther, "", "/sign-in?next=%2Faccount", ""},
		{"POST", "/account/password", http.StatusSeeOther, "", "/sign-in?next=%2Faccount", ""}, // the page of the form, not the POST route
		{"GET", "/sign-in?next=%2Faccount%2Fpassword", http.StatusOK, `name="next" value="/account"`, "", ""},
		{"GET", "/nowhere", http.StatusNotFound, "Page not found", "", ""},
		{"GET", "/sign-out", http.StatusNotFound, "Page not found", "", ""},
		{"GET", "/api/nowhere", http.StatusNotFound, `{"error":{"code":"not_found"`, "", ""},
		{"GET", "/auth/nowhere", http.StatusNotFound, `{"error":{"code":"not_found"`, "", ""},
		{"GET", "/auth/session", http.StatusUnauthorized, `"code":"no_session"`, "", ""},
		{"POST", "/verify-email/resend", http.StatusOK, "If this address waits for verification", "", "email=nobody%40example.com"},
		{"POST", "/forgot-password", http.StatusOK, "If an account has this address", "", "email=nobody%40example.com"},
		{"POST", "/sign-up", http.StatusBadRequest, "Email", "", "email=not-an-address&password=long+enough+pw"},
		{"POST", "/verify-email", http.StatusBadRequest, "The link or token is invalid or has expired", "", "token=made-up"},
		{"POST", "/reset-password", http.StatusBadRequest, "The link or token is invalid or has expired", "", "token=made-up&password=long+enough+pw"},
		{"POST", "/sign-out", http.StatusSeeOther, "", "/?done=signed-out", ""},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.form))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		h.ServeHTTP(w, r)
		body := w.Body.String()
		if w.Code != tt.status || !strings.Contains(body, tt.show) || w.Header().Get("Location") != tt.location {
			t.Errorf("%s %s = %d at %q, want %d at %q showing %q\n%s", tt.method, tt.target, w.Code,
				w.Header().Get("Location"), tt.status, tt.location, tt.show, body)
		}
		// The site's own passkey script is the one script element.
		if strings.Contains(strings.Replace(body, ownScript, "", 1), "<script") {
			t.Errorf("%s %s shows a script element besides its own\n%s", tt.method, tt.target, body)
		}
		page := w.Code/100 != 3 && strings.HasPrefix(w.Header().Get("Content-Type"), "text/html")
		if page && w.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("%s %s has no Content-Security-Policy", tt.method, tt.target)
		}
	}
}

// ownScript is the site's script element, in every page's head.
const ownScript = `<script src="` + ScriptPath + `" defer></script>`

// TestNextPage: a next parameter sends the browser to a page of this
// site, resolved the way the browser will, or to the fallback; the core's
// FuzzRedirectTarget fuzzes the check itself.
func TestNextPage(t *testing.T) {
	app, _ := newApp(t, Config{BaseURL: "http://app.test"})
	tests := []struct{ in, want string }{
		{"/account", "http://app.test/account"},
		{"/courses?q=cs", "http://app.test/courses?q=cs"},
		{"", "/fallback"},
		{"//evil.example/x", "/fallback"},
		{`/\evil.example`, "/fallback"},
		{`/x/../\evil.example/phish`, "/fallback"}, // http.Redirect would clean it into /\evil.example/phish
		{"/x/..//evil.example/phish", "http://app.test/evil.example/phish"},
		{"https://evil.example/", "/fallback"},
		{"javascript:alert(1)", "/fallback"},
		{"/\x00", "/fallback"},
		{"/\t/evil.example", "/fallback"}, // browsers drop tabs: //evil.example
	}
	for _, tt := range tests {
		if got := app.nextPage(tt.in, "/fallback"); got != tt.want {
			t.Errorf("nextPage(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSignedInAs: the account page and the home page name the person by
// their name and address, or by their address alone when they gave no
// name, never with an empty name and a lone address in brackets.
func TestSignedInAs(t *testing.T) {
	p := parsePages()
	tests := []struct {
		name, email string
		account     string
		home        string
	}{
		{"", "x@example.com", "Signed in as <strong>x@example.com</strong>.", "Welcome back, x@example.com."},
		{"Ada", "x@example.com", "Signed in as <strong>Ada</strong> (x@example.com).", "Welcome back, Ada."},
		{"Ada", "", "Signed in as <strong>Ada</strong>.", "Welcome back, Ada."},
		{"<b>Ada</b>", "", "Signed in as <strong>&lt;b&gt;Ada&lt;/b&gt;</strong>.", "Welcome back, &lt;b&gt;Ada&lt;/b&gt;."},
	}
	for _, tt := range tests {
		v := view{Title: "Your account", User: &auth.User{ID: "u1", Name: tt.name}, Email: tt.email, Data: accountData{}}
		for page, want := range map[string]string{"account": tt.account, "home": tt.home} {
			var b strings.Builder
			if err := p[page].ExecuteTemplate(&b, "layout", v); err != nil {
				t.Fatalf("%s page: %v", page, err)
			}
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s page of %q <%s> does not say %q:\n%s", page, tt.name, tt.email, want, b.String())
			}
		}
	}
}
