package site

import (
	"net/http"
	"testing"
)

// TestComeBack: a next parameter naming a route that only takes POST
// comes back to the page that holds its form, since the browser comes
// back with a GET; any other stays as it is.
func TestComeBack(t *testing.T) {
	app, _ := newApp(t, Config{})
	tests := []struct{ next, want string }{
		{"/account/password", "/account"},
		{"/account/school/link?x=1", "/account"},
		{"/account", "/account"},
		{"/courses?q=cs", "/courses?q=cs"},
		{"/sign-in", "/sign-in"},
		{"/reset-password", "/reset-password"},
		{"/verify-email/resend", "/verify-email"},
		{"/sign-out", "/"},
		{"/nowhere", "/nowhere"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := app.comeBack(tt.next); got != tt.want {
			t.Errorf("comeBack(%q) = %q, want %q", tt.next, got, tt.want)
		}
	}
	// Every POST-only route comes back to a page that answers GET.
	gets := map[string]bool{}
	for _, rt := range app.Routes() {
		gets[rt.Path] = gets[rt.Path] || rt.Method == http.MethodGet
	}
	for _, rt := range app.Routes() {
		if page := app.comeBack(rt.Path); !gets[page] {
			t.Errorf("comeBack(%q) = %q, which is no GET page", rt.Path, page)
		}
	}
}
