package school

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/school/schooltest"
)

// TestAgainstSchooltest runs the client against the in-process server,
// which refuses requests as the real one does.
func TestAgainstSchooltest(t *testing.T) {
	srv := schooltest.NewServer(t)
	forged := schooltest.SchoolToken[:strings.LastIndexByte(schooltest.SchoolToken, '.')+1] + "AAAA"
	tests := []struct {
		name             string
		token            string
		schoolID         int
		opts             []Option
		userID, password string
		wantErr          error
		wantStatus       int
		wantReason       string
	}{
		{name: "demo user, school token", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: schooltest.DemoPassword},
		{name: "demo user, prefixed school token", token: "Bearer " + schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: schooltest.DemoPassword},
		{name: "demo user, headquarters token", token: schooltest.HeadquartersToken, schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: schooltest.DemoPassword},
		{name: "headquarters user at headquarters", token: schooltest.HeadquartersToken, schoolID: 0, userID: "admin", password: "admin-pass"},
		{name: "headquarters user at a school", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: "admin", password: "admin-pass"},
		{name: "user of another school, headquarters token", token: schooltest.HeadquartersToken, schoolID: 12, userID: "guest", password: "guest-pass"},

		{name: "wrong password", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: "wrong", wantErr: ErrInvalidCredentials, wantStatus: 200},
		{name: "unknown user", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: "nobody", password: schooltest.DemoPassword, wantErr: ErrInvalidCredentials, wantStatus: 200},
		{name: "user of another school", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, userID: "guest", password: "guest-pass", wantErr: ErrInvalidCredentials, wantStatus: 200},
		{name: "school user at headquarters", token: schooltest.HeadquartersToken, schoolID: 0, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrInvalidCredentials, wantStatus: 200},

		{name: "school token for another school", token: schooltest.SchoolToken, schoolID: 12, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrUnauthorized, wantStatus: 401, wantReason: "Token Not Found"},
		{name: "school token for headquarters", token: schooltest.SchoolToken, schoolID: 0, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrUnauthorized, wantStatus: 401, wantReason: "Token Not Found"},
		{name: "forged token", token: forged, schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrUnauthorized, wantStatus: 401, wantReason: "Invalid Token"},
		{name: "token that is not a JWT", token: "not-a-jwt", schoolID: schooltest.SchoolID, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrUnauthorized, wantStatus: 203, wantReason: "Wrong number of segments"},
		{name: "unknown version", token: schooltest.SchoolToken, schoolID: schooltest.SchoolID, opts: []Option{WithVersion("v2")}, userID: schooltest.DemoUserID, password: schooltest.DemoPassword, wantErr: ErrNotFound, wantStatus: 404, wantReason: "Error code 404, Page not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(srv.URL, tt.token, tt.schoolID, tt.opts...)
			if err != nil {
				t.Fatalf("New(%q) = %v", srv.URL, err)
			}
			got, err := c.Authenticate(context.Background(), tt.userID, tt.password)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("Authenticate(%q) = %v, want success", tt.userID, err)
				}
				var fields struct {
					UserID string `json:"userId"`
				}
				if got.Message != "Logged in!" || json.Unmarshal(got.Raw, &fields) != nil || fields.UserID != tt.userID {
					t.Errorf("Authenticate(%q) = %v with Raw %s, want its success", tt.userID, got, got.Raw)
				}
				return
			}
			var e *Error
			if got != nil || !errors.Is(err, tt.wantErr) || !errors.As(err, &e) {
				t.Fatalf("Authenticate(%q) = %v, %v, want nil, %v", tt.userID, got, err, tt.wantErr)
			}
			if e.Status != tt.wantStatus || (tt.wantReason != "" && e.Reason != tt.wantReason) {
				t.Errorf("Authenticate(%q) = status %d, reason %q, want %d, %q", tt.userID, e.Status, e.Reason, tt.wantStatus, tt.wantReason)
			}
		})
	}
}

// TestConcurrentUse shares one client between goroutines; run with -race.
func TestConcurrentUse(t *testing.T) {
	srv := schooltest.NewServer(t)
	c, err := New(srv.URL, schooltest.SchoolToken, schooltest.SchoolID)
	if err != nil {
		t.Fatalf("New(%q) = %v", srv.URL, err)
	}
	passwords := []string{schooltest.DemoPassword, "wrong"}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			password := passwords[i%2]
			_, err := c.Authenticate(context.Background(), schooltest.DemoUserID, password)
			if (err == nil) != (password == schooltest.DemoPassword) {
				t.Errorf("Authenticate(%q) = %v with password %d", schooltest.DemoUserID, err, i%2)
			}
		})
	}
	wg.Wait()
}
