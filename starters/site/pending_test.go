package site

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// TestSecondFactorRedirect: a session waiting for its second factor is
// sent to the second step from every page, coming back to it (to the page
// of a form it posted), but may sign out, load the script, and call the
// JSON routes, which answer for themselves; other sessions go where they
// asked.
func TestSecondFactorRedirect(t *testing.T) {
	app, _ := newApp(t, Config{})
	pending := twofactor.ErrSecondFactorRequired
	tests := []struct {
		blocked        *auth.Error
		method, target string
		want           string // "" when the request goes on
	}{
		{pending, http.MethodGet, "/account", "/two-factor?next=%2Faccount"},
		{pending, http.MethodGet, "/courses?q=cs", "/two-factor?next=%2Fcourses%3Fq%3Dcs"},
		{pending, http.MethodGet, "/", "/two-factor"},
		{pending, http.MethodGet, "/sign-in", "/two-factor?next=%2Fsign-in"},
		{pending, http.MethodPost, "/account/password", "/two-factor?next=%2Faccount"},
		{pending, http.MethodGet, "/magic-link?token=x", "/two-factor?next=%2Fmagic-link%3Ftoken%3Dx"},
		{pending, http.MethodGet, "/two-factor?next=%2Faccount", ""},
		{pending, http.MethodPost, "/two-factor", ""},
		{pending, http.MethodPost, "/sign-out", ""},
		{pending, http.MethodGet, ScriptPath, ""},
		{pending, http.MethodPost, "/auth/passkey/second-factor/options", ""},
		{pending, http.MethodGet, "/api/me", ""},
		{nil, http.MethodGet, "/account", ""},
		{auth.NewError("banned", http.StatusForbidden, "banned"), http.MethodGet, "/account", ""},
	}
	for _, tt := range tests {
		got, ok := app.SecondFactorRedirect(tt.blocked, tt.method, tt.target)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("SecondFactorRedirect(%v, %s %s) = %q, %v, want %q", tt.blocked, tt.method, tt.target, got, ok, tt.want)
		}
	}
}
