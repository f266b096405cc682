package site

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestPasskeysOff: passkeys are on where browsers use them (https, and
// http on localhost) and off, with the reason, elsewhere, so that the app
// still starts there.
func TestPasskeysOff(t *testing.T) {
	tests := []struct {
		base string
		off  string // a part of the reason; "" for on
	}{
		{"http://localhost:8080", ""},
		{"http://app.localhost:8080", ""},
		{"https://courses.example.edu", ""},
		{"http://127.0.0.1:8080", "is an IP address"},
		{"http://[::1]:8080", "is an IP address"},
		{"https://10.0.0.7", "is an IP address"},
		{"http://courses.example.edu", "only on https pages or on http://localhost"},
	}
	for _, tt := range tests {
		got := passkeysOff(tt.base)
		if (got == "") != (tt.off == "") || !strings.Contains(got, tt.off) {
			t.Errorf("passkeysOff(%q) = %q, want %q", tt.base, got, tt.off)
		}
	}
}

// TestPasskeyPages: with passkeys on, the sign-in page offers them to the
// script, says they need JavaScript, and marks the email field for the
// autofill; the script is served whole; with passkeys off, none of it.
func TestPasskeyPages(t *testing.T) {
	get := func(h http.Handler, target string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		return w
	}
	on, _ := newApp(t, Config{BaseURL: "http://localhost:8080"})
	page := get(on.Handler(), "http://localhost:8080/sign-in").Body.String()
	for _, want := range []string{`data-passkey="sign-in" data-next="/account?done=signed-in" hidden`,
		`<noscript><p class="muted">Passkeys need JavaScript`, `autocomplete="username webauthn"`, ownScript} {
		if !strings.Contains(page, want) {
			t.Errorf("GET /sign-in with passkeys does not show %q\n%s", want, page)
		}
	}
	js := get(on.Handler(), "http://localhost:8080"+ScriptPath)
	if js.Code != http.StatusOK || js.Header().Get("Content-Type") != "text/javascript; charset=utf-8" ||
		js.Header().Get("Content-Length") != strconv.Itoa(len(passkeysScript)) ||
		!strings.Contains(js.Body.String(), "navigator.credentials.create") {
		t.Errorf("GET %s = %d %q, length %q", ScriptPath, js.Code, js.Header().Get("Content-Type"), js.Header().Get("Content-Length"))
	}

	off, _ := newApp(t, Config{})
	page = get(off.Handler(), "http://app.test/sign-in").Body.String()
	for _, hide := range []string{"data-passkey", "Passkeys need JavaScript", "webauthn"} {
		if strings.Contains(page, hide) {
			t.Errorf("GET /sign-in without passkeys shows %q\n%s", hide, page)
		}
	}
}
