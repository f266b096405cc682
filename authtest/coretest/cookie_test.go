package coretest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// TestCookieName: CookieName is the name of the cookie that the routes
// set and read, __Host- prefixed on https.
func TestCookieName(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	tests := []struct {
		base, want string
		secure     bool
	}{
		{"http://sesame.test/auth", "sesame_session", false},
		{"https://sesame.test/auth", "__Host-sesame_session", true},
	}
	for _, tt := range tests {
		t.Run(tt.base, func(t *testing.T) {
			a := authtest.NewAuth(t, e, auth.WithBaseURL(tt.base))
			if got := authhttp.CookieName(a); got != tt.want {
				t.Fatalf("CookieName(%s) = %q, want %q", tt.base, got, tt.want)
			}
			h := authhttp.Handler(a)
			req := httptest.NewRequest(http.MethodPost, tt.base+"/authtest/sign-in", strings.NewReader(`{"name":"ada"}`))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			cookies := w.Result().Cookies()
			if w.Code != http.StatusOK || len(cookies) != 1 || cookies[0].Name != tt.want || cookies[0].Secure != tt.secure {
				t.Fatalf("sign-in = %d %v, want one cookie %s (Secure %v)", w.Code, w.Header().Values("Set-Cookie"), tt.want, tt.secure)
			}
			req = httptest.NewRequest(http.MethodGet, tt.base+"/session", nil)
			req.Header.Set("Cookie", authhttp.CookieName(a)+"="+cookies[0].Value)
			w = httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				t.Errorf("GET /session with the cookie = %d %s, want 200", w.Code, w.Body)
			}
		})
	}
}
