package sitetest

import (
	"net/http"
	"strings"
	"testing"
)

// unknownURLs asks, signed in, for paths no route serves: pages answer
// 404 with the site's page, its header showing who is signed in; paths
// under /api and /auth answer 404 with the JSON error body. Each framework
// has a bare 404 of its own, which the starters replace.
func (j *journey) unknownURLs(t *testing.T) {
	for _, tt := range []struct {
		method, path string
		json         bool
	}{
		{http.MethodGet, "/no-such-page", false},
		{http.MethodGet, "/courses/extra", false},
		{http.MethodGet, "/sign-out", false}, // a route of another method
		{http.MethodPost, "/no-such-page", false},
		{http.MethodGet, "/api/no-such-route", true},
		{http.MethodGet, "/auth/no-such-route", true},
	} {
		a := j.web.do(tt.method, tt.path, nil, http.Header{"Origin": {j.base}})
		ct := a.Header.Get("Content-Type")
		switch {
		case tt.json:
			a.want(t, http.StatusNotFound, `{"error":{"code":"not_found"`)
			if ct != "application/json" {
				t.Errorf("%s %s: Content-Type %q, want application/json", tt.method, tt.path, ct)
			}
		default:
			a.want(t, http.StatusNotFound, "Page not found", "Sesame starter", j.email)
			if !strings.HasPrefix(ct, "text/html") {
				t.Errorf("%s %s: Content-Type %q, want the site's HTML page", tt.method, tt.path, ct)
			}
		}
	}
}
