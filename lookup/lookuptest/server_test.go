package lookuptest_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/lookup"
	"github.com/sesame-go/sesame/lookup/lookuptest"
)

func TestNewServer(t *testing.T) {
	srv := lookuptest.NewServer(t)
	resp, err := srv.Client().Get(srv.URL + "/courses/CS/161/x")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(body) != 0 || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("GET /courses/CS/161/x = %d %q %q, want 404, application/json, empty", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
}

func TestNewClient(t *testing.T) {
	c := lookuptest.NewClient(t, lookup.WithCache(time.Minute))
	ctx := context.Background()
	tests := []struct {
		subject, number string
		wantTitle       string
		wantErr         error
	}{
		{"CS", "161", "CS 161 INTRODUCTION TO COMPUTER SCIENCE I", nil},
		{"ans", "320", "ANS 320 ANIMAL GENETICS", nil},
		{"CS", "999", "", lookup.ErrNotFound},
		{"CS", "1x", "", lookup.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.subject+" "+tt.number, func(t *testing.T) {
			got, err := c.Course(ctx, tt.subject, tt.number)
			if !errors.Is(err, tt.wantErr) || (got != nil && got.Title != tt.wantTitle) {
				t.Errorf("Course(%q, %q) = %v, %v, want %q, %v", tt.subject, tt.number, got, err, tt.wantTitle, tt.wantErr)
			}
		})
	}
}

// TestCleanup checks that the server is closed when the test ends.
func TestCleanup(t *testing.T) {
	var url string
	t.Run("inner", func(t *testing.T) { url = lookuptest.NewServer(t).URL })
	client := &http.Client{Timeout: 5 * time.Second}
	if resp, err := client.Get(url + "/subjects"); err == nil {
		resp.Body.Close()
		t.Errorf("GET %s/subjects after the test ended = %d, want a connection error", url, resp.StatusCode)
	}
}
