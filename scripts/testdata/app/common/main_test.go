package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

const baseURL = "http://app.test"

// TestApp walks the app as a browser: refused at /me, signs up, signs
// in, and is let in with the session cookie.
func TestApp(t *testing.T) {
	a, err := newAuth(context.Background(), filepath.Join(t.TempDir(), "app.db"), baseURL)
	if err != nil {
		t.Fatal(err)
	}
	app := newRouter(a)
	do := func(method, path, body string, cookies []*http.Cookie) (*http.Response, string) {
		t.Helper()
		req := httptest.NewRequest(method, baseURL+path, strings.NewReader(body))
		req.Header.Set("Origin", baseURL)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		for _, c := range cookies {
			req.AddCookie(c)
		}
		res := serve(t, app, req)
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		return res, string(b)
	}

	if res, body := do("GET", "/me", "", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("GET /me before signing in = %d %s, want 401", res.StatusCode, body)
	}
	if res, body := do("POST", "/auth/password/sign-up", `{"email":"ada@example.com","password":"correct horse battery","name":"Ada"}`, nil); res.StatusCode != http.StatusOK {
		t.Fatalf("sign-up = %d %s, want 200", res.StatusCode, body)
	}
	res, body := do("POST", "/auth/password/sign-in", `{"email":"ada@example.com","password":"correct horse battery"}`, nil)
	if res.StatusCode != http.StatusOK || len(res.Cookies()) == 0 {
		t.Fatalf("sign-in = %d %s with %d cookies, want 200 with the session's", res.StatusCode, body, len(res.Cookies()))
	}
	if res, body := do("GET", "/me", "", res.Cookies()); res.StatusCode != http.StatusOK || body != "hello, Ada" {
		t.Fatalf("GET /me signed in = %d %q, want 200 %q", res.StatusCode, body, "hello, Ada")
	}
}
