package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// TestFiberLimits sends what fiber refuses before any handler runs: each
// answers Sesame's JSON error, as under gin and echo, not fiber's plain
// text.
func TestFiberLimits(t *testing.T) {
	srv := sitetest.Start(t, run, "-db", filepath.Join(t.TempDir(), "app.db"))
	tests := []struct {
		name    string
		request string
		status  int
		code    string
	}{
		{"10 MiB body", "POST /auth/password/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n",
			http.StatusRequestEntityTooLarge, "body_too_large"},
		{"4 KiB cookie", "GET / HTTP/1.1\r\nHost: x\r\nCookie: big=" + strings.Repeat("x", 4<<10) + "\r\n\r\n",
			http.StatusRequestHeaderFieldsTooLarge, "headers_too_large"},
		{"8 KiB bearer token", "GET /auth/session HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + strings.Repeat("x", 8<<10) + "\r\n\r\n",
			http.StatusRequestHeaderFieldsTooLarge, "headers_too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, contentType, body := raw(t, srv.URL, tt.request)
			var e struct {
				Error struct{ Code string } `json:"error"`
			}
			if status != tt.status || contentType != "application/json" || json.Unmarshal(body, &e) != nil || e.Error.Code != tt.code {
				t.Errorf("%s = %d %s (%s), want %d with code %q as JSON", tt.name, status, body, contentType, tt.status, tt.code)
			}
		})
	}
}

// raw sends request on a connection of its own and reads the answer. It
// writes while it reads: fiber answers before it has read it all.
func raw(t *testing.T, base, request string) (int, string, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	go fmt.Fprint(conn, request)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), body
}
