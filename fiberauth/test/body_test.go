package test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// TestBodyLimits signs in with bodies around authhttp's limit and fiber's:
// every body over authhttp's 64 KiB up to fiber's BodyLimit (4 MiB by
// default) gets authhttp's 413 body_too_large, with a length or chunked;
// over fiber's, fiber answers itself, unless it streams request bodies,
// when authhttp answers every size.
func TestBodyLimits(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	const limit = authhttp.DefaultBodyLimit
	tests := []struct {
		name    string
		stream  bool
		size    int  // the body's size
		chunked bool // sent in chunks, not with its length
		status  int
		code    string // authhttp's error code, "" for success or fiber's own answer
	}{
		{"at authhttp's limit", false, limit, false, http.StatusOK, ""},
		{"one byte over authhttp's limit", false, limit + 1, false, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"chunked, at authhttp's limit", false, limit, true, http.StatusOK, ""},
		{"chunked, over authhttp's limit", false, limit + 1, true, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"1 MiB", false, 1 << 20, false, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"at fiber's limit", false, fiber.DefaultBodyLimit, false, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"over fiber's limit", false, fiber.DefaultBodyLimit + 1, false, http.StatusRequestEntityTooLarge, ""},
		{"streamed, at authhttp's limit", true, limit, false, http.StatusOK, ""},
		{"streamed and chunked, at authhttp's limit", true, limit, true, http.StatusOK, ""},
		{"streamed, over authhttp's limit", true, limit + 1, false, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"streamed, over fiber's limit", true, 2 * fiber.DefaultBodyLimit, false, http.StatusRequestEntityTooLarge, "body_too_large"},
		{"streamed and chunked, over fiber's limit", true, 2 * fiber.DefaultBodyLimit, true, http.StatusRequestEntityTooLarge, "body_too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAuth(t, e)
			base := listen(t, "tcp4", newApp(a, nil, fiber.Config{StreamRequestBody: tt.stream}))
			res, body := postSignIn(t, base, tt.size, tt.chunked, tt.stream)
			if res.StatusCode != tt.status {
				t.Fatalf("sign-in with %d bytes = %d %.200s, want %d", tt.size, res.StatusCode, body, tt.status)
			}
			if tt.code != "" {
				wantError(t, "sign-in", &authtest.Response{Status: res.StatusCode, Header: res.Header, Body: body}, tt.status, tt.code)
			} else if tt.status != http.StatusOK && json.Valid(body) {
				t.Errorf("sign-in with %d bytes = %s, want fiber's own answer, not authhttp's", tt.size, body)
			}
		})
	}
}

// postSignIn posts to the sign-in route of the server at base a body of
// size bytes, {"name":"ada"} and spaces, with its length or in chunks, and
// reads the answer. It sends no more of the body than the server reads
// before it answers, since the server closes the connection on the rest:
// all of it up to fiber's limit, none over it, and 64 KiB and a byte to a
// server that streams bodies to authhttp.
func postSignIn(t *testing.T, base string, size int, chunked, stream bool) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	send := size
	switch {
	case stream:
		send = min(size, authhttp.DefaultBodyLimit+1)
	case size > fiber.DefaultBodyLimit:
		send = 0
	}
	var body []byte
	if send > 0 {
		body = append([]byte(`{"name":"ada"}`), bytes.Repeat([]byte(" "), send-len(`{"name":"ada"}`))...)
	}
	head := "POST /auth/authtest/sign-in HTTP/1.1\r\nHost: sesame.test\r\nOrigin: http://sesame.test\r\nContent-Type: application/json\r\n"
	if chunked {
		head += "Transfer-Encoding: chunked\r\n\r\n" + fmt.Sprintf("%x\r\n", size)
		if send == size {
			body = append(body, "\r\n0\r\n\r\n"...)
		}
	} else {
		head += fmt.Sprintf("Content-Length: %d\r\n\r\n", size)
	}
	go func() { // the server may answer before it has read it all
		io.WriteString(conn, head)
		conn.Write(body)
	}()
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("sign-in with %d bytes: %v", size, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("sign-in with %d bytes: read the answer: %v", size, err)
	}
	return res, data
}

// TestStreamedBodyRest sends, with fiber streaming request bodies, a body
// whose rest is itself a request to routes that answer without reading it
// all: an auth route, which reads up to authhttp's limit, and a route
// behind RequireUser, which reads none. The rest must not be served as
// another request on the connection, which closes after the answer, as
// under net/http.
func TestStreamedBodyRest(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	smuggled := "GET /smuggled HTTP/1.1\r\nHost: sesame.test\r\n\r\n"
	tests := []struct {
		name   string
		path   string
		body   string
		status int
	}{
		{"auth route", "/auth/authtest/sign-in",
			`{"name":"ada"}` + strings.Repeat(" ", authhttp.DefaultBodyLimit+1-len(`{"name":"ada"}`)) + smuggled, http.StatusRequestEntityTooLarge},
		{"RequireUser", "/app/post", `{"title":"hi"}` + smuggled, http.StatusUnauthorized},
		{"RequireUser, redirecting", "/app/page", `{"title":"hi"}` + smuggled, http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := listen(t, "tcp4", newApp(newAuth(t, e), func(app *fiber.App) {
				app.Post("/app/post", fiberauth.RequireUser(), func(c *fiber.Ctx) error { return c.SendString("posted") })
				app.Post("/app/page", fiberauth.RequireUser(fiberauth.RedirectTo("/sign-in")), func(c *fiber.Ctx) error { return c.SendString("posted") })
				app.Get("/smuggled", func(c *fiber.Ctx) error { return c.SendString("smuggled") })
			}, fiber.Config{StreamRequestBody: true}))
			conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			go fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: sesame.test\r\nOrigin: http://sesame.test\r\n"+
				"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", tt.path, len(tt.body), tt.body)
			br := bufio.NewReader(conn)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			if res.StatusCode != tt.status || !res.Close {
				t.Errorf("POST %s = %d, Connection: close %v; want %d and the connection closed", tt.path, res.StatusCode, res.Close, tt.status)
			}
			if next, err := http.ReadResponse(br, nil); err == nil {
				data, _ := io.ReadAll(next.Body)
				t.Errorf("the rest of the body was served as a request: %d %s", next.StatusCode, data)
			}
		})
	}
}
