package conformance

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// oneSignInPerMinute limits the test sign-in to one a minute per IP.
var oneSignInPerMinute = auth.WithRateLimit("authtest.signIn", auth.RateRules{IP: auth.RateRule{Limit: 1, Window: time.Minute}})

// rateLimit signs in twice within the limit's window: the second answers
// 429 with the seconds left in Retry-After, and after that wait a sign-in
// goes through again.
func rateLimit(t *testing.T, e *authtest.Engine, target Target) {
	clock := authtest.NewClock(start)
	srv := serve(t, target, newAuth(t, e, target, auth.WithClock(clock.Now), oneSignInPerMinute))
	signIn(t, srv.client(t), person(t, "ada"))
	clock.Advance(15 * time.Second)

	c := srv.client(t)
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": person(t, "grace")})
	wantError(t, "second sign-in", res, http.StatusTooManyRequests, "rate_limited")
	if got := res.Header.Get("Retry-After"); got != "45" {
		t.Errorf("second sign-in: Retry-After = %q, want 45", got)
	}
	wantNoCookie(t, "second sign-in", res)

	clock.Advance(45 * time.Second)
	signIn(t, c, person(t, "grace"))
}

// problem is the body of errors encoded by encodeProblem.
type problem struct {
	Type   string `json:"type"`
	Status int    `json:"status"`
}

// problemJSON is the media type of RFC 9457 problem details.
const problemJSON = "application/problem+json"

// encodeProblem encodes errors as problem details, as problemJSON.
func encodeProblem(e *auth.Error) (string, any) {
	return problemJSON, problem{Type: "https://sesame.test/errors/" + e.Code, Status: e.Status}
}

// encodeProblemAsJSON encodes errors as problem details, leaving the
// media type to authhttp.
func encodeProblemAsJSON(e *auth.Error) (string, any) {
	_, body := encodeProblem(e)
	return "", body
}

// encodeErrors proves that authhttp.EncodeErrors replaces the body of
// error answers, of the auth routes and of RequireUser behind the
// middleware, and their Content-Type when it names one, and keeps their
// status and other headers: Retry-After on 429, Allow on 405,
// Cache-Control. The same requests without EncodeErrors get the default
// body.
func encodeErrors(t *testing.T, e *authtest.Engine, target Target) {
	tests := []struct {
		name       string
		method     string
		path       string
		body       any
		status     int
		code       string
		retryAfter string
		allow      string
	}{
		{"rate limited", http.MethodPost, "/auth/authtest/sign-in", map[string]string{"name": person(t, "grace")},
			http.StatusTooManyRequests, "rate_limited", "45", ""},
		{"unknown route", http.MethodGet, "/auth/nope", nil, http.StatusNotFound, "not_found", "", ""},
		{"wrong method", http.MethodGet, "/auth/sign-out", nil, http.StatusMethodNotAllowed, "method_not_allowed", "", "POST"},
		{"malformed JSON", http.MethodPost, "/auth/sessions/revoke", `{"id":`, http.StatusBadRequest, "invalid_json", "", ""},
		{"no session", http.MethodGet, "/auth/session", nil, http.StatusUnauthorized, "no_session", "", ""},
		{"RequireUser without a session", http.MethodGet, MePath, nil, http.StatusUnauthorized, "no_session", "", ""},
	}
	encodings := []struct {
		name        string
		opts        []authhttp.Option
		contentType string
	}{
		{"default", nil, "application/json"},
		{"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}, problemJSON},
		{"EncodeErrors without a media type", []authhttp.Option{authhttp.EncodeErrors(encodeProblemAsJSON)}, "application/json"},
	}
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			clock := authtest.NewClock(start)
			srv := serve(t, target, newAuth(t, e, target, auth.WithClock(clock.Now), oneSignInPerMinute), enc.opts...)
			signIn(t, srv.client(t), person(t, "ada")) // uses up the rate limit
			clock.Advance(15 * time.Second)
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := srv.client(t).Do(tt.method, tt.path, tt.body, nil)
					what := tt.method + " " + tt.path
					if enc.opts == nil {
						wantError(t, what, res, tt.status, tt.code)
					} else {
						var got problem
						want := problem{Type: "https://sesame.test/errors/" + tt.code, Status: tt.status}
						if err := authtest.StrictDecode(res.Body, &got); err != nil || res.Status != tt.status || got != want {
							t.Errorf("%s = %d %s, want %d %+v", what, res.Status, res.Body, tt.status, want)
						}
						if ct := res.Header.Get("Content-Type"); ct != enc.contentType {
							t.Errorf("%s: Content-Type = %q, want %q", what, ct, enc.contentType)
						}
						if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
							t.Errorf("%s: Cache-Control = %q, want no-store", what, cc)
						}
					}
					if got := res.Header.Get("Retry-After"); got != tt.retryAfter {
						t.Errorf("%s: Retry-After = %q, want %q", what, got, tt.retryAfter)
					}
					if got := res.Header.Get("Allow"); got != tt.allow {
						t.Errorf("%s: Allow = %q, want %q", what, got, tt.allow)
					}
				})
			}
		})
	}
}
