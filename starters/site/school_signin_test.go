package site

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/school/schooltest"
)

// TestSchoolSignIn signs in with school accounts through the Go call, as
// a server would, with no request attached.
func TestSchoolSignIn(t *testing.T) {
	s, _ := newApp(t, Config{})
	ctx := context.Background()
	first, err := s.school.SignIn(ctx, schooltest.DemoUserID, auth.NewSecret(schooltest.DemoPassword))
	if err != nil {
		t.Fatalf("SignIn(demo) = %v", err)
	}
	if first.User.Name != "Demo Student" || first.Session.Credential != "school" || first.Token.IsZero() {
		t.Fatalf("SignIn(demo) = user %q, credential %q; want Demo Student, school, a token", first.User.Name, first.Session.Credential)
	}
	again, err := s.school.SignIn(ctx, schooltest.DemoUserID, auth.NewSecret(schooltest.DemoPassword))
	if err != nil || again.User.ID != first.User.ID {
		t.Fatalf("SignIn(demo) again = %v, %v; want the same person %s", again.User, err, first.User.ID)
	}
	accounts, err := s.school.Accounts(auth.WithSessionToken(ctx, again.Token))
	if err != nil || len(accounts) != 1 || accounts[0].Value != "11:demo" || !accounts[0].Verified() {
		t.Fatalf("Accounts = %v, %v; want the verified 11:demo", accounts, err)
	}
	for _, tt := range []struct{ user, password string }{
		{schooltest.DemoUserID, "wrong"},
		{"nobody", schooltest.DemoPassword},
		{"guest", "guest-pass"}, // a user of another school
	} {
		if _, err := s.school.SignIn(ctx, tt.user, auth.NewSecret(tt.password)); !errors.Is(err, ErrSchoolCredentials) {
			t.Errorf("SignIn(%q, %q) = %v, want %v", tt.user, tt.password, err, ErrSchoolCredentials)
		}
	}
	if _, err := s.school.SignIn(ctx, "", auth.NewSecret("x")); !errors.Is(err, auth.ErrInvalidInput) {
		t.Errorf("SignIn with no user id = %v, want %v", err, auth.ErrInvalidInput)
	}
	if spaced, err := s.school.SignIn(ctx, " demo ", auth.NewSecret(schooltest.DemoPassword)); err != nil || spaced.User.ID != first.User.ID {
		t.Errorf("SignIn(%q) = %v, %v; want the demo's person", " demo ", spaced.User, err)
	}
}

// TestSchoolUnavailable: a school that refuses the app's token, or does
// not answer, makes a 503 for the person and a log line for the
// operator, never with the password.
func TestSchoolUnavailable(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	t.Cleanup(down.Close)
	demo := schooltest.NewServer(t)
	for _, tt := range []struct {
		name string
		cfg  Config
	}{
		{"token refused", Config{SchoolURL: demo.URL, SchoolToken: auth.NewSecret("not.a.token"), SchoolID: schooltest.SchoolID}},
		{"wrong school", Config{SchoolURL: demo.URL, SchoolToken: auth.NewSecret(schooltest.SchoolToken), SchoolID: 12}},
		{"server failing", Config{SchoolURL: down.URL, SchoolToken: auth.NewSecret(schooltest.SchoolToken), SchoolID: schooltest.SchoolID}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, out := newApp(t, tt.cfg)
			_, err := s.school.SignIn(context.Background(), schooltest.DemoUserID, auth.NewSecret("secret-pass-123"))
			if !errors.Is(err, ErrSchoolUnavailable) {
				t.Fatalf("SignIn = %v, want %v", err, ErrSchoolUnavailable)
			}
			if log := out.String(); !strings.Contains(log, "school: the account could not be checked") || strings.Contains(log, "secret-pass-123") {
				t.Fatalf("the log does not say why, or shows the password:\n%s", log)
			}
		})
	}
}

func TestNormalizeSchoolAccount(t *testing.T) {
	tests := []struct{ in, want string }{
		{"11:demo", "11:demo"},
		{"0:admin", "0:admin"},
		{" 0:admin", ""},
		{"0:admin ", ""},
		{"11:Demo User", "11:Demo User"},
		{"11:a:b", "11:a:b"},
		{"demo", ""},
		{":demo", ""},
		{"11:", ""},
		{"x1:demo", ""},
		{"11:de\nmo", ""},
	}
	for _, tt := range tests {
		got, err := normalizeSchoolAccount(tt.in)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("normalizeSchoolAccount(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// FuzzNormalizeSchoolAccount: no panic; an error means an empty result; a
// result normalizes to itself.
func FuzzNormalizeSchoolAccount(f *testing.F) {
	for _, s := range []string{"11:demo", " 0:admin ", "demo", ":x", "1:\x00", "11: spaced "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := normalizeSchoolAccount(raw)
		if err != nil {
			if v != "" {
				t.Fatalf("normalizeSchoolAccount(%q) = %q with error %v", raw, v, err)
			}
			return
		}
		if again, err := normalizeSchoolAccount(v); err != nil || again != v {
			t.Fatalf("normalizeSchoolAccount(%q) = %q, but again %q, %v", raw, v, again, err)
		}
	})
}
