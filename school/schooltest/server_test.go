package schooltest

import (
	"net/http"
	"testing"
)

func TestNewServer(t *testing.T) {
	var url string
	t.Run("open", func(t *testing.T) {
		srv := NewServer(t)
		url = srv.URL
		req, err := http.NewRequest(http.MethodGet, url+"/public/v1/authentication?userId=demo&userPassword=demo-pass", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+SchoolToken)
		req.Header.Set("schoolId", "11")
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("GET %s = %v", req.URL.Path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", req.URL.Path, resp.StatusCode)
		}
	})
	// The server is closed once the test that started it has ended.
	if resp, err := http.Get(url); err == nil {
		resp.Body.Close()
		t.Errorf("GET %s after the test = %d, want an error", url, resp.StatusCode)
	}
}
