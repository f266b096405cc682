package breachtest

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func get(tb testing.TB, s *Server, path string, padding bool) (int, string) {
	tb.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if padding {
		req.Header.Set("Add-Padding", "true")
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

func TestServer(t *testing.T) {
	// SHA-1("password") = 5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8
	const line = "1E4C9B93F3F0682250B6CF8331B7EE68FD8"
	s := NewServer(t, "password", "password")
	s.Add("password", 3)

	tests := []struct {
		name       string
		path       string
		padding    bool
		wantStatus int
		wantLines  int
		wantBody   string // a line the body must hold
	}{
		{"known", "/range/5BAA6", false, http.StatusOK, 1, line + ":5"},
		{"lower-case prefix", "/range/5baa6", false, http.StatusOK, 1, line + ":5"},
		{"padded", "/range/5BAA6", true, http.StatusOK, 1 + DefaultPadding, line + ":5"},
		{"unknown", "/range/00000", false, http.StatusOK, 0, ""},
		{"unknown padded", "/range/00000", true, http.StatusOK, DefaultPadding, ":0"},
		{"long prefix", "/range/5BAA61", false, http.StatusBadRequest, -1, ""},
		{"non-hex prefix", "/range/5BAAG", false, http.StatusBadRequest, -1, ""},
		{"other path", "/5BAA6", false, http.StatusBadRequest, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := get(t, s, tt.path, tt.padding)
			if status != tt.wantStatus || !strings.Contains(body, tt.wantBody) {
				t.Fatalf("GET %s = %d %q, want %d with %q", tt.path, status, body, tt.wantStatus, tt.wantBody)
			}
			if tt.wantLines < 0 {
				return
			}
			lines := strings.Split(body, "\r\n")
			if body == "" {
				lines = nil
			}
			if len(lines) != tt.wantLines {
				t.Errorf("GET %s: %d lines, want %d", tt.path, len(lines), tt.wantLines)
			}
		})
	}
	reqs := s.Requests()
	if len(reqs) != len(tests) || reqs[2].RequestURI != "/range/5BAA6" || reqs[2].Header.Get("Add-Padding") != "true" {
		t.Errorf("Requests() = %+v, want the %d requests made", reqs, len(tests))
	}
}

func TestServerFormat(t *testing.T) {
	s := NewServer(t, "password")
	s.SetLineEnding("\n")
	s.SetLowercase(true)
	s.SetPadding(3)
	_, body := get(t, s, "/range/5BAA6", true)
	if strings.Contains(body, "\r") || strings.Count(body, "\n") != 3 || body != strings.ToLower(body) ||
		!strings.Contains(body, "1e4c9b93f3f0682250b6cf8331b7ee68fd8:1") {
		t.Errorf("GET = %q, want 4 lower-case lines ending in LF", body)
	}
}

func TestHash(t *testing.T) {
	if got, want := Hash("password"), "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"; got != want {
		t.Errorf("Hash(%q) = %q, want %q", "password", got, want)
	}
}
