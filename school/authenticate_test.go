package school

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// authenticateTests are answers a SmartClass server, a proxy in front of
// it or a broken deployment may give, and what Authenticate makes of them.
// The fuzz tests start from their bodies.
var authenticateTests = []struct {
	name        string
	status      int
	contentType string
	file        string // body from testdata/, or
	body        string // body inline
	wantErr     error  // nil: success
	wantMessage string // on success
	wantReason  string // on error
}{
	// The house envelope (SmartClass API §2.3), assumed for this API.
	{name: "success", status: 200, contentType: "application/json", file: "success.json", wantMessage: "Loaded!"},
	{name: "success in a one-element array", status: 200, contentType: "application/json", file: "success_array.json", wantMessage: "Saved."},
	{name: "success after a byte order mark", status: 200, contentType: "application/json", file: "success_bom.json", wantMessage: "Loaded!"},
	{name: "success labelled text/html", status: 200, contentType: "text/html", file: "success.json", wantMessage: "Loaded!"},
	{name: "success with 201", status: 201, file: "success.json", wantMessage: "Loaded!"},
	{name: "success with empty text", status: 200, body: `{"message":{"success":""}}`, wantMessage: ""},
	{name: "success with null error", status: 200, body: `{"message":{"success":"Loaded!","error":null}}`, wantMessage: "Loaded!"},

	// The API's refusal of the user.
	{name: "error envelope", status: 200, contentType: "application/json", file: "error.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error envelope in an array", status: 200, file: "error_array.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error envelope with 401", status: 401, contentType: "application/json", file: "error.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error envelope with 400", status: 400, file: "error.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error envelope with 404", status: 404, file: "error.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error and success together", status: 200, file: "both.json", wantErr: ErrInvalidCredentials, wantReason: "Wrong user id or password"},
	{name: "error that is not a string", status: 200, body: `{"message":{"error":{"code":7}}}`, wantErr: ErrInvalidCredentials, wantReason: `{"code":7}`},

	// The gate's refusals of the token or school id (SmartClass API §2.4).
	{name: "token not sent", status: 401, contentType: "application/json", body: "Token Not Sent", wantErr: ErrUnauthorized, wantReason: "Token Not Sent"},
	{name: "school id not sent", status: 401, contentType: "application/json", body: "School Id Not Sent", wantErr: ErrUnauthorized, wantReason: "School Id Not Sent"},
	{name: "token not found", status: 401, contentType: "application/json", body: "Token Not Found", wantErr: ErrUnauthorized, wantReason: "Token Not Found"},
	{name: "invalid token", status: 401, contentType: "application/json", body: "Invalid Token", wantErr: ErrUnauthorized, wantReason: "Invalid Token"},
	{name: "token decoding exception", status: 203, contentType: "application/json", body: "Wrong number of segments", wantErr: ErrUnauthorized, wantReason: "Wrong number of segments"},
	{name: "203 with a success envelope", status: 203, file: "success.json", wantErr: ErrUnauthorized},
	{name: "forbidden", status: 403, body: "", wantErr: ErrUnauthorized},

	// The router, the method switch and the service's health.
	{name: "unknown api name", status: 404, contentType: "application/json", body: "Error code 404, Page not found", wantErr: ErrNotFound, wantReason: "Error code 404, Page not found"},
	{name: "not found, empty", status: 404, wantErr: ErrNotFound},
	{name: "method refused", status: 406, contentType: "application/json", wantErr: ErrMethodNotAllowed},
	{name: "method not allowed by a proxy", status: 405, body: "Method Not Allowed", wantErr: ErrMethodNotAllowed, wantReason: "Method Not Allowed"},
	{name: "server error", status: 500, wantErr: ErrUnavailable},
	{name: "bad gateway", status: 502, contentType: "text/html", file: "bad_gateway.html", wantErr: ErrUnavailable, wantReason: "<html> <head><title>502 Bad Gateway</title></head> <body><center><h1>502 Bad Gateway</h1></center></body> </html>"},
	{name: "service unavailable with JSON", status: 503, file: "error.json", wantErr: ErrUnavailable},
	{name: "too many requests", status: 429, file: "error.json", wantErr: ErrUnavailable},
	{name: "request timeout", status: 408, wantErr: ErrUnavailable},

	// Answers the client refuses to interpret.
	{name: "empty body", status: 200, contentType: "application/json", wantErr: ErrBadResponse},
	{name: "no content", status: 204, wantErr: ErrBadResponse},
	{name: "html page", status: 200, contentType: "text/html", file: "bad_gateway.html", wantErr: ErrBadResponse},
	{name: "plain text labelled JSON", status: 200, contentType: "application/json", body: "Loaded!", wantErr: ErrBadResponse, wantReason: "Loaded!"},
	{name: "truncated JSON", status: 200, contentType: "application/json", file: "truncated.json", wantErr: ErrBadResponse},
	{name: "null", status: 200, body: "null", wantErr: ErrBadResponse},
	{name: "empty array", status: 200, body: "[]", wantErr: ErrBadResponse},
	{name: "two-element array", status: 200, file: "two_elements.json", wantErr: ErrBadResponse},
	{name: "message as text", status: 200, body: `{"message":"Loaded!"}`, wantErr: ErrBadResponse},
	{name: "success that is not a string", status: 200, body: `{"message":{"success":true}}`, wantErr: ErrBadResponse},
	{name: "success false", status: 200, body: `{"message":{"success":false}}`, wantErr: ErrBadResponse},
	{name: "empty message", status: 200, body: `{"message":{}}`, wantErr: ErrBadResponse},
	{name: "no message", status: 200, body: `{"success":"Loaded!"}`, wantErr: ErrBadResponse},
	{name: "trailing data", status: 200, body: `{"message":{"success":"Loaded!"}} {}`, wantErr: ErrBadResponse},
	{name: "success envelope with 401", status: 401, file: "success.json", wantErr: ErrUnauthorized},
	{name: "plain text with 400", status: 400, body: "Bad Request", wantErr: ErrBadResponse, wantReason: "Bad Request"},
	{name: "not modified", status: 304, wantErr: ErrBadResponse},
	{name: "redirect without location", status: 302, wantErr: ErrBadResponse},
}

func TestAuthenticate(t *testing.T) {
	for _, tt := range authenticateTests {
		t.Run(tt.name, func(t *testing.T) {
			body := []byte(tt.body)
			if tt.file != "" {
				body = testdata(t, tt.file)
			}
			c, _ := setup(t, answer{status: tt.status, contentType: tt.contentType, body: body})

			got, err := c.Authenticate(context.Background(), testUserID, testPassword)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
				}
				want := &Authentication{UserID: testUserID, SchoolID: testSchoolID, Message: tt.wantMessage}
				if got.UserID != want.UserID || got.SchoolID != want.SchoolID || got.Message != want.Message {
					t.Errorf("Authenticate(%q) = %v, want %v", testUserID, got, want)
				}
				if !json.Valid(got.Raw) || !bytes.HasPrefix(got.Raw, []byte("{")) {
					t.Errorf("Authenticate(%q).Raw = %s, want the envelope object", testUserID, got.Raw)
				}
				return
			}
			if got != nil || !errors.Is(err, tt.wantErr) {
				t.Fatalf("Authenticate(%q) = %v, %v, want nil, %v", testUserID, got, err, tt.wantErr)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Authenticate(%q) = %T, want *Error", testUserID, err)
			}
			if e.Status != tt.status {
				t.Errorf("Authenticate(%q) status = %d, want %d", testUserID, e.Status, tt.status)
			}
			if tt.wantReason != "" && e.Reason != tt.wantReason {
				t.Errorf("Authenticate(%q) reason = %q, want %q", testUserID, e.Reason, tt.wantReason)
			}
			if want := body[:min(len(body), errorBodyLimit)]; !bytes.Equal(e.Body, want) {
				t.Errorf("Authenticate(%q) body = %q, want %q", testUserID, e.Body, want)
			}
			if !strings.HasPrefix(err.Error(), "school: ") {
				t.Errorf("Authenticate(%q) error = %q, want the prefix %q", testUserID, err, "school: ")
			}
		})
	}
}

func TestAuthenticateEmptyCredentials(t *testing.T) {
	tests := []struct {
		name             string
		userID, password string
	}{
		{"empty user id", "", testPassword},
		{"empty password", testUserID, ""},
		{"both empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, rec := setup(t, answer{status: 200, body: testdata(t, "success.json")})
			got, err := c.Authenticate(context.Background(), tt.userID, tt.password)
			if got != nil || !errors.Is(err, ErrInvalidCredentials) {
				t.Errorf("Authenticate(%q) = %v, %v, want nil, %v", tt.userID, got, err, ErrInvalidCredentials)
			}
			if n := len(rec.requests()); n != 0 {
				t.Errorf("Authenticate(%q) sent %d requests, want none", tt.userID, n)
			}
		})
	}
}

func TestAuthenticateRequest(t *testing.T) {
	c, rec := setup(t, answer{status: 200, body: testdata(t, "success.json")})
	if _, err := c.Authenticate(context.Background(), testUserID, testPassword); err != nil {
		t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
	}
	reqs := rec.requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	checks := []struct{ name, got, want string }{
		{"method", r.Method, http.MethodGet},
		{"path", r.URL.Path, "/public/v1/authentication"},
		{"userId", r.URL.Query().Get("userId"), testUserID},
		{"userPassword", r.URL.Query().Get("userPassword"), testPassword},
		{"Authorization", r.Header.Get("Authorization"), "Bearer " + testToken},
		{"schoolId", r.Header.Get("schoolId"), "11"},
		{"Cache-Control", r.Header.Get("Cache-Control"), "no-cache"},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("request %s = %q, want %q", ch.name, ch.got, ch.want)
		}
	}
	if n := len(r.URL.Query()); n != 2 {
		t.Errorf("request has %d query parameters, want 2", n)
	}
}
