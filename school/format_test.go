package school

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// secrets are the values no output may show, in the forms they take once
// escaped.
var secrets = []string{
	testToken, testPassword,
	url.QueryEscape(testPassword), url.PathEscape(testPassword),
	"user-access-token-0001", // in testdata/success.json, kept only in Raw
}

// checkNoSecret fails the test if out shows a secret.
func checkNoSecret(tb testing.TB, what, out string) {
	tb.Helper()
	for _, s := range secrets {
		if strings.Contains(out, s) {
			tb.Errorf("%s = %q, shows %q", what, out, s)
		}
	}
}

// renderings returns v through every formatting path a program may use:
// fmt verbs, encoding/json and log/slog's text and JSON handlers.
func renderings(tb testing.TB, v any) map[string]string {
	tb.Helper()
	out := make(map[string]string)
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%d", "%x", "%T %[1]v"} {
		out[verb] = fmt.Sprintf(verb, v)
	}
	out["Sprint"] = fmt.Sprint(v)
	out["Sprintln"] = fmt.Sprintln(v)
	if b, err := json.Marshal(v); err == nil {
		out["json"] = string(b)
	} else {
		out["json"] = err.Error()
	}
	var text, js bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("msg", "value", v)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("msg", "value", v)
	out["slog text"], out["slog json"] = text.String(), js.String()
	return out
}

func TestClientRedacted(t *testing.T) {
	c := newTestClient(t, "https://demo.smartclass.tech", WithHTTPClient(&http.Client{}))
	values := map[string]any{
		"pointer": c,
		"value":   *c,
		// A struct that holds a client in an unexported field is printed by
		// reflection, without calling the client's methods.
		"unexported field": struct{ c Client }{*c},
		"exported field":   struct{ C *Client }{c},
		"slice":            []*Client{c},
	}
	for name, v := range values {
		for path, out := range renderings(t, v) {
			checkNoSecret(t, name+" "+path, out)
		}
	}
	for path, out := range renderings(t, c) {
		if !strings.Contains(out, redacted) {
			t.Errorf("%s of the client = %q, want %q in it", path, out, redacted)
		}
	}
	want := `school.Client{Endpoint: "https://demo.smartclass.tech/public/v1", SchoolID: 11, Token: "[redacted]"}`
	if got := c.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestAuthenticationRedacted(t *testing.T) {
	c, _ := setup(t, answer{status: 200, body: testdata(t, "success.json")})
	a, err := c.Authenticate(context.Background(), testUserID, testPassword)
	if err != nil {
		t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
	}
	if !bytes.Contains(a.Raw, []byte("user-access-token-0001")) {
		t.Fatalf("Authenticate(%q).Raw = %s, want the whole answer", testUserID, a.Raw)
	}
	for name, v := range map[string]any{"pointer": a, "value": *a} {
		for path, out := range renderings(t, v) {
			checkNoSecret(t, name+" "+path, out)
		}
	}
	want := `school.Authentication{UserID: "demo", SchoolID: 11, Message: "Loaded!", Raw: [118 bytes]}`
	if got := a.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	b, err := json.Marshal(a)
	if want := `{"userId":"demo","schoolId":11,"message":"Loaded!"}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal(%v) = %s, %v, want %s", a, b, err, want)
	}
}

// TestErrorRedacted has servers echo the password and the token back in
// every place they can, and checks that no error shows them.
func TestErrorRedacted(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		wantErr error
	}{
		{
			name: "echo of the query in a 401",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(401)
				fmt.Fprintf(w, "Invalid Token for %s with %s", r.URL, r.Header.Get("Authorization"))
			},
			wantErr: ErrUnauthorized,
		},
		{
			name: "echo of the password in the error envelope",
			handler: func(w http.ResponseWriter, r *http.Request) {
				msg, _ := json.Marshal(map[string]any{"message": map[string]string{"error": "wrong password " + r.URL.Query().Get("userPassword")}})
				_, _ = w.Write(msg)
			},
			wantErr: ErrInvalidCredentials,
		},
		{
			name: "echo of the raw query in an html page",
			handler: func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, "<html>%s %s</html>", r.URL.RawQuery, r.URL.Query().Get("userPassword"))
			},
			wantErr: ErrBadResponse,
		},
		{
			name: "redirect to another host with the password in the path",
			handler: func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, "http://other.invalid/"+url.PathEscape(r.URL.Query().Get("userPassword"))+"?"+r.URL.RawQuery, http.StatusFound)
			},
			wantErr: ErrBadResponse,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := serve(t, tt.handler)
			_, err := c.Authenticate(context.Background(), testUserID, testPassword)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Authenticate(%q) = %v, want %v", testUserID, err, tt.wantErr)
			}
			for path, out := range renderings(t, err) {
				checkNoSecret(t, path, out)
			}
			if !strings.Contains(err.Error(), redacted) {
				t.Errorf("Authenticate(%q) = %q, want %q where the secret was", testUserID, err, redacted)
			}
		})
	}
}

func TestRedactQuery(t *testing.T) {
	tests := []struct {
		query, want string
	}{
		{"userId=demo&userPassword=abc", "userId=demo&userPassword=[redacted]"},
		{"userPassword=abc&userPassword=def", "userPassword=[redacted]&userPassword=[redacted]"},
		{"userpassword=abc", "userPassword=[redacted]"},
		{"user%50assword=abc", "userPassword=[redacted]"},
		{"userPassword", "userPassword=[redacted]"},
		{"userId=demo", "userId=demo"},
		{"", ""},
		{"a=%zz&userPassword=x", "a=%zz&userPassword=[redacted]"},
	}
	for _, tt := range tests {
		if got := redactQuery(tt.query); got != tt.want {
			t.Errorf("redactQuery(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestScrubber(t *testing.T) {
	tests := []struct {
		name    string
		secrets []string
		in      string
		want    string
	}{
		{"none", nil, "a b", "a b"},
		{"empty secret", []string{""}, "a b", "a b"},
		{"raw", []string{"p w"}, "x p w y", "x [redacted] y"},
		{"query escaped", []string{"p w"}, "x=p+w", "x=[redacted]"},
		{"path escaped", []string{"p w"}, "/p%20w/", "/[redacted]/"},
		{"longest first", []string{"ab", "abcd"}, "abcd ab", "[redacted] [redacted]"},
		{"no rescan", []string{"d]"}, "d]", "[redacted]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := newScrubber(tt.secrets...).string(tt.in); got != tt.want {
				t.Errorf("string(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestScrubbedError checks that an error whose text held a secret still
// matches what it matched.
func TestScrubbedError(t *testing.T) {
	inner := fmt.Errorf("dial %s: %w", testPassword, context.DeadlineExceeded)
	err := newScrubber(testPassword).error(inner)
	checkNoSecret(t, "error", err.Error())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error(%v) = %v, want it to match context.DeadlineExceeded", inner, err)
	}
	if errors.Unwrap(err) != nil {
		t.Errorf("error(%v) unwraps to the unscrubbed error", inner)
	}
}
