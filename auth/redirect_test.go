package auth

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// redirectAuth is an instance with only what RedirectTarget reads: the
// base URL https://auth.example/auth and one trusted origin.
func redirectAuth() *Auth {
	base, _ := url.Parse("https://auth.example/auth")
	return &Auth{baseURL: base, origins: map[string]bool{"https://auth.example": true, "https://app.example": true}}
}

func TestRedirectTarget(t *testing.T) {
	a := redirectAuth()
	tests := []struct{ in, want string }{
		{"/", "https://auth.example/"},
		{"/account?tab=1#x", "https://auth.example/account?tab=1#x"},
		{"account", "https://auth.example/account"},
		{"https://app.example/x", "https://app.example/x"},
		{"/x/../y", "https://auth.example/y"},
		{"/x/..//evil.example/phish", "https://auth.example/evil.example/phish"}, // a path of this site
		{"", ""},
		{"https://evil.example/", ""},
		{"//evil.example", ""},
		{`/\evil.example`, ""},
		{`/x/../\evil.example/phish`, ""},
		{"javascript:alert(1)", ""},
		{"https://app.example@evil.example/", ""},
		{"https://user@app.example/", ""},
		{"/a b", ""},
		{"/\x00", ""},
		{"/\t/evil.example", ""},
		{"http://app.example/", ""},
		{"data:text/html,x", ""},
		{"https://auth.example:443/", ""},
	}
	for _, tt := range tests {
		got, ok := a.RedirectTarget(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("RedirectTarget(%q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzRedirectTarget: an accepted target is an absolute URL of a trusted
// origin that http.Redirect sends unchanged and that a browser, resolving
// it again, keeps on that origin.
func FuzzRedirectTarget(f *testing.F) {
	for _, s := range []string{"/", "/a?b#c", "https://app.example/x", "//evil", `/\evil`, "/x/../\\evil",
		"https://app.example@evil/", "javascript:x", "/%2F/evil", "..//evil", "/./\t/evil"} {
		f.Add(s)
	}
	a := redirectAuth()
	page, _ := url.Parse("https://auth.example/auth/sign-in")
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := a.RedirectTarget(s)
		if !ok {
			if got != "" {
				t.Fatalf("RedirectTarget(%q) = %q, false: a refusal must be empty", s, got)
			}
			return
		}
		u, err := page.Parse(got)
		if err != nil || u.String() != got {
			t.Fatalf("RedirectTarget(%q) = %q, which does not parse back to itself (%v)", s, got, err)
		}
		if !a.TrustedOrigin(u.Scheme+"://"+u.Host) || strings.ContainsAny(got, "\\\t\r\n ") {
			t.Fatalf("RedirectTarget(%q) = %q, which leads off the trusted origins", s, got)
		}
		w := httptest.NewRecorder()
		http.Redirect(w, httptest.NewRequest(http.MethodPost, "/auth/x/y", nil), got, http.StatusSeeOther)
		if loc := w.Header().Get("Location"); loc != got {
			t.Fatalf("http.Redirect turned %q into %q", got, loc)
		}
	})
}
