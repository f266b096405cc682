package routertest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// TestErrorAnswers sends requests that fail before any operation runs and
// checks the status, the body and the headers of each answer.
func TestErrorAnswers(t *testing.T) {
	tooLarge := `{"name":"` + strings.Repeat("a", authhttp.DefaultBodyLimit) + `"}`
	textPlain := http.Header{"Content-Type": {"text/plain"}}
	tests := []struct {
		name         string
		method, path string
		body         any
		header       http.Header
		status       int
		code         string
		allow        string
	}{
		{"unknown route", http.MethodGet, "/auth/nope", nil, nil, http.StatusNotFound, "not_found", ""},
		{"the prefix itself", http.MethodGet, "/auth/", nil, nil, http.StatusNotFound, "not_found", ""},
		{"GET of a POST route", http.MethodGet, "/auth/sign-out", nil, nil, http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{"POST of a GET route", http.MethodPost, "/auth/session", nil, nil, http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"malformed JSON", http.MethodPost, "/auth/authtest/sign-in", `{"name":`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"unknown field", http.MethodPost, "/auth/authtest/sign-in", `{"name":"ada","admin":true}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"wrong field type", http.MethodPost, "/auth/authtest/sign-in", `{"name":7}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"two JSON objects", http.MethodPost, "/auth/authtest/sign-in", `{"name":"ada"}{}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"missing field", http.MethodPost, "/auth/authtest/sign-in", `{}`, nil, http.StatusBadRequest, "invalid_input", ""},
		{"wrong content type", http.MethodPost, "/auth/authtest/sign-in", `{"name":"ada"}`, textPlain, http.StatusUnsupportedMediaType, "unsupported_media_type", ""},
		{"body over the limit", http.MethodPost, "/auth/authtest/sign-in", tooLarge, nil, http.StatusRequestEntityTooLarge, "body_too_large", ""},
	}
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		c := authtest.NewClient(t, rt.mount(newAuth(t, e)))
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := c.Do(tt.method, tt.path, tt.body, tt.header)
				wantError(t, tt.method+" "+tt.path, res, tt.status, tt.code)
				if got := res.Header.Get("Allow"); got != tt.allow {
					t.Errorf("%s %s: Allow = %q, want %q", tt.method, tt.path, got, tt.allow)
				}
			})
		}
	})
}

// problem is the body of errors encoded by encodeProblem.
type problem struct {
	Type   string `json:"type"`
	Status int    `json:"status"`
}

func encodeProblem(e *auth.Error) any {
	return problem{Type: "https://sesame.test/errors/" + e.Code, Status: e.Status}
}

// TestEncodeErrors proves that EncodeErrors replaces the body of error
// answers, of Handler's routes and of RequireUser behind Middleware, and
// keeps their status and headers: Retry-After on 429, Allow on 405. The
// same requests without EncodeErrors get the default body.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name       string
		do         func(c *authtest.Client) *authtest.Response
		status     int
		code       string
		retryAfter string
		allow      string
	}{
		{"rate limited", func(c *authtest.Client) *authtest.Response {
			return c.Post("/auth/authtest/sign-in", map[string]string{"name": "grace"})
		}, http.StatusTooManyRequests, "rate_limited", "45", ""},
		{"unknown route", func(c *authtest.Client) *authtest.Response {
			return c.Get("/auth/nope")
		}, http.StatusNotFound, "not_found", "", ""},
		{"wrong method", func(c *authtest.Client) *authtest.Response {
			return c.Get("/auth/sign-out")
		}, http.StatusMethodNotAllowed, "method_not_allowed", "", "POST"},
		{"malformed JSON", func(c *authtest.Client) *authtest.Response {
			return c.Post("/auth/sessions/revoke", `{"id":`)
		}, http.StatusBadRequest, "invalid_json", "", ""},
		{"no session", func(c *authtest.Client) *authtest.Response {
			return c.Get("/auth/session")
		}, http.StatusUnauthorized, "no_session", "", ""},
		{"RequireUser without a session", func(c *authtest.Client) *authtest.Response {
			return c.Get(mePath)
		}, http.StatusUnauthorized, "no_session", "", ""},
	}
	encodings := []struct {
		name string
		opts []authhttp.Option
	}{
		{"default", nil},
		{"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}},
	}
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		for _, enc := range encodings {
			t.Run(enc.name, func(t *testing.T) {
				clock := authtest.NewClock(start)
				a := newAuth(t, e, auth.WithClock(clock.Now),
					auth.WithRateLimit("authtest.signIn", auth.RateRules{IP: auth.RateRule{Limit: 1, Window: time.Minute}}))
				c := authtest.NewClient(t, rt.mount(a, enc.opts...))
				signIn(t, c, "ada-"+rt.name+"-"+enc.name) // uses up the rate limit
				clock.Advance(15 * time.Second)
				c = authtest.NewClient(t, rt.mount(a, enc.opts...)) // no session
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						res := tt.do(c)
						if enc.opts == nil {
							wantError(t, tt.name, res, tt.status, tt.code)
						} else {
							var got problem
							want := problem{Type: "https://sesame.test/errors/" + tt.code, Status: tt.status}
							if err := strictDecode(res.Body, &got); err != nil || res.Status != tt.status || got != want {
								t.Errorf("%s = %d %s, want %d %+v", tt.name, res.Status, res.Body, tt.status, want)
							}
						}
						if got := res.Header.Get("Retry-After"); got != tt.retryAfter {
							t.Errorf("%s: Retry-After = %q, want %q", tt.name, got, tt.retryAfter)
						}
						if got := res.Header.Get("Allow"); got != tt.allow {
							t.Errorf("%s: Allow = %q, want %q", tt.name, got, tt.allow)
						}
					})
				}
			})
		}
	})
}
