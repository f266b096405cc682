package school

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name     string
		baseURL  string
		token    string
		schoolID int
		opts     []Option
		wantErr  bool
	}{
		{name: "demo host", baseURL: "https://demo.smartclass.tech", token: testToken, schoolID: 11},
		{name: "headquarters", baseURL: "https://dev.smartclass.tech/", token: testToken, schoolID: 0},
		{name: "path prefix", baseURL: "http://localhost:8080/smartclass/", token: testToken, schoolID: 1},
		{name: "prefixed token", baseURL: "https://demo.smartclass.tech", token: "Bearer " + testToken, schoolID: 11},
		{name: "all options", baseURL: "https://demo.smartclass.tech", token: testToken, schoolID: 11,
			opts: []Option{WithVersion("v2"), WithTimeout(time.Second), WithMaxBodySize(1), WithHTTPClient(&http.Client{}), nil}},

		{name: "empty base URL", baseURL: "", token: testToken, wantErr: true},
		{name: "relative base URL", baseURL: "demo.smartclass.tech", token: testToken, wantErr: true},
		{name: "ftp base URL", baseURL: "ftp://demo.smartclass.tech", token: testToken, wantErr: true},
		{name: "base URL that does not parse", baseURL: "https://demo smartclass", token: testToken, wantErr: true},
		{name: "base URL with user info", baseURL: "https://user:" + testPassword + "@demo.smartclass.tech", token: testToken, wantErr: true},
		{name: "base URL with query", baseURL: "https://demo.smartclass.tech/?token=" + testToken, token: testToken, wantErr: true},
		{name: "base URL with empty query", baseURL: "https://demo.smartclass.tech/?", token: testToken, wantErr: true},
		{name: "base URL with fragment", baseURL: "https://demo.smartclass.tech/#x", token: testToken, wantErr: true},
		{name: "base URL with the API path", baseURL: "https://school11.smartclass.school/public/v1/", token: testToken, wantErr: true},
		{name: "base URL ending in public", baseURL: "https://school11.smartclass.school/public", token: testToken, wantErr: true},
		{name: "empty token", baseURL: "https://demo.smartclass.tech", token: "", wantErr: true},
		{name: "prefix only", baseURL: "https://demo.smartclass.tech", token: "Bearer ", wantErr: true},
		{name: "doubled prefix", baseURL: "https://demo.smartclass.tech", token: "Bearer Bearer " + testToken, wantErr: true},
		{name: "token with a space", baseURL: "https://demo.smartclass.tech", token: "abc def", wantErr: true},
		{name: "token with a newline", baseURL: "https://demo.smartclass.tech", token: testToken + "\r\nX-Evil: 1", wantErr: true},
		{name: "non-ASCII token", baseURL: "https://demo.smartclass.tech", token: "tökén", wantErr: true},
		{name: "negative school id", baseURL: "https://demo.smartclass.tech", token: testToken, schoolID: -1, wantErr: true},
		{name: "version without v", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("1")}, wantErr: true},
		{name: "version v0", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("v0")}, wantErr: true},
		{name: "version with leading zero", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("v01")}, wantErr: true},
		{name: "version with a dot", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("v1.0")}, wantErr: true},
		{name: "version with a slash", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("v1/../x")}, wantErr: true},
		{name: "upper-case version", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithVersion("V1")}, wantErr: true},
		{name: "nil HTTP client", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithHTTPClient(nil)}, wantErr: true},
		{name: "zero timeout", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithTimeout(0)}, wantErr: true},
		{name: "zero body size", baseURL: "https://demo.smartclass.tech", token: testToken, opts: []Option{WithMaxBodySize(0)}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.baseURL, tt.token, tt.schoolID, tt.opts...)
			if (err != nil) != tt.wantErr {
				t.Fatalf("New(%q) = %v, %v, want error %t", tt.baseURL, c, err, tt.wantErr)
			}
			if err == nil {
				return
			}
			if c != nil {
				t.Errorf("New(%q) = %v, want nil with the error", tt.baseURL, c)
			}
			for _, secret := range []string{testToken, testPassword, "tökén", "abc def"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("New(%q) error = %q, shows %q", tt.baseURL, err, secret)
				}
			}
			if !strings.HasPrefix(err.Error(), "school: ") {
				t.Errorf("New(%q) error = %q, want the prefix %q", tt.baseURL, err, "school: ")
			}
		})
	}
}

func TestNewReportsEveryProblem(t *testing.T) {
	_, err := New("ftp://x", "", -1, WithVersion("x"), WithTimeout(-time.Second))
	if err == nil {
		t.Fatal("New(...) = nil error, want one listing every problem")
	}
	if n := strings.Count(err.Error(), "school: "); n != 5 {
		t.Errorf("New(...) error = %q, lists %d problems, want 5", err, n)
	}
}

// TestRequestLine checks, on the request as the transport gets it, the URL
// and the exact spelling and value of every header the interface requires
// (SmartClass API §2.2), for the forms a caller may give them in.
func TestRequestLine(t *testing.T) {
	tests := []struct {
		name              string
		baseURL, token    string
		schoolID          int
		opts              []Option
		wantURL, wantAuth string
	}{
		{
			name: "bare token", baseURL: "https://demo.smartclass.tech", token: testToken, schoolID: 11,
			wantURL:  "https://demo.smartclass.tech/public/v1/authentication?userId=demo&userPassword=pa+ss%26word%3D1%2F%C3%BC",
			wantAuth: "Bearer " + testToken,
		},
		{
			name: "prefixed token", baseURL: "https://demo.smartclass.tech/", token: "Bearer " + testToken, schoolID: 0,
			wantURL:  "https://demo.smartclass.tech/public/v1/authentication?userId=demo&userPassword=pa+ss%26word%3D1%2F%C3%BC",
			wantAuth: "Bearer " + testToken,
		},
		{
			name: "lower-case prefix and spaces", baseURL: "http://127.0.0.1:8080/school//", token: "  bearer " + testToken + " ", schoolID: 12,
			opts:     []Option{WithVersion("v2")},
			wantURL:  "http://127.0.0.1:8080/school/public/v2/authentication?userId=demo&userPassword=pa+ss%26word%3D1%2F%C3%BC",
			wantAuth: "Bearer " + testToken,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *http.Request
			hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
				got = r
				return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader(`{"message":{"success":"Loaded!"}}`))}, nil
			})}
			c, err := New(tt.baseURL, tt.token, tt.schoolID, append(tt.opts, WithHTTPClient(hc))...)
			if err != nil {
				t.Fatalf("New(%q) = %v", tt.baseURL, err)
			}
			if _, err := c.Authenticate(context.Background(), testUserID, testPassword); err != nil {
				t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
			}
			if got.URL.String() != tt.wantURL {
				t.Errorf("URL = %q, want %q", got.URL, tt.wantURL)
			}
			want := map[string][]string{
				"Authorization": {tt.wantAuth},
				"schoolId":      {strconv.Itoa(tt.schoolID)},
				"Cache-Control": {"no-cache"},
				"Accept":        {"application/json"},
			}
			if len(got.Header) != len(want) {
				t.Errorf("header = %v, want %v", got.Header, want)
			}
			for key, values := range want {
				if g := got.Header[key]; len(g) != 1 || g[0] != values[0] {
					t.Errorf("header[%q] = %q, want %q", key, g, values)
				}
			}
		})
	}
}
