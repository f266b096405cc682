package test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// TestErrorHandler sends requests fiber refuses itself, in plain text by
// default, and requests whose handlers return errors, to an app with
// fiberauth's ErrorHandler: each answers Sesame's JSON error, as gin and
// echo answer, with its status and code; an internal error says nothing
// of its cause, which is logged.
func TestErrorHandler(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	var logs syncBuffer
	a := newAuth(t, e, auth.WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	app := newFiber(fiber.Config{ErrorHandler: fiberauth.ErrorHandler(a)})
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	app.Get("/app/page", func(c *fiber.Ctx) error { return c.SendString("page") })
	app.Get("/app/broken", func(c *fiber.Ctx) error { return errors.New("dial tcp db.internal: password hunter2 refused") })
	app.Get("/app/down", func(c *fiber.Ctx) error { return fiber.ErrServiceUnavailable })
	app.Get("/app/wait", func(c *fiber.Ctx) error {
		return &auth.Error{Code: "rate_limited", Message: "too many requests", Status: 429, RetryAfter: 3 * time.Second}
	})
	base := listen(t, "tcp4", app)

	tests := []struct {
		name    string
		request string // the raw request, up to the end of its headers
		status  int
		code    string
	}{
		{"10 MiB body", post("/auth/authtest/sign-in", fmt.Sprintf("Content-Length: %d\r\n", 10<<20)),
			http.StatusRequestEntityTooLarge, "body_too_large"},
		{"4 KiB cookie", get("/app/page", "Cookie: big="+strings.Repeat("x", 4<<10)+"\r\n"),
			http.StatusRequestHeaderFieldsTooLarge, "headers_too_large"},
		{"8 KiB bearer token", get("/auth/session", "Authorization: Bearer "+strings.Repeat("x", 8<<10)+"\r\n"),
			http.StatusRequestHeaderFieldsTooLarge, "headers_too_large"},
		{"unknown path", get("/nowhere", ""), http.StatusNotFound, "not_found"},
		{"wrong method", "DELETE /app/page HTTP/1.1\r\nHost: sesame.test\r\n", http.StatusMethodNotAllowed, "method_not_allowed"},
		{"unparsable request", "GET /app/page HTTP/1.1\r\nHost: sesame.test\r\nContent-Length: ten\r\n", http.StatusBadRequest, "bad_request"},
		{"request-target net/http refuses", get("/auth/session%zz", ""), http.StatusBadRequest, "bad_request"},
		{"handler error", get("/app/broken", ""), http.StatusInternalServerError, "internal"},
		{"fiber error of a handler", get("/app/down", ""), http.StatusServiceUnavailable, "service_unavailable"},
		{"auth error of a handler", get("/app/wait", ""), http.StatusTooManyRequests, "rate_limited"},
		{"authhttp's own 404", get("/auth/nowhere", ""), http.StatusNotFound, "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := rawRequest(t, base, tt.request+"\r\n")
			wantError(t, tt.name, res, tt.status, tt.code)
			if strings.Contains(string(res.Body), "hunter2") {
				t.Errorf("%s = %s: the answer shows the cause", tt.name, res.Body)
			}
		})
	}
	if !strings.Contains(logs.String(), "hunter2") {
		t.Errorf("the internal error's cause was not logged:\n%s", logs.String())
	}
	if res := rawRequest(t, base, get("/app/wait", "")+"\r\n"); res.Header.Get("Retry-After") != "3" {
		t.Errorf("GET /app/wait: Retry-After %q, want 3", res.Header.Get("Retry-After"))
	}
}

// TestErrorHandlerEncodeErrors: the ErrorHandler's answers take the body of
// the EncodeErrors it is given, as the routes do.
func TestErrorHandlerEncodeErrors(t *testing.T) {
	a := newAuth(t, authtest.SQLiteEngine(t))
	problems := authhttp.EncodeErrors(func(e *auth.Error) (string, any) {
		return "application/problem+json", map[string]any{"type": "/errors/" + e.Code, "status": e.Status}
	})
	app := newFiber(fiber.Config{ErrorHandler: fiberauth.ErrorHandler(a, problems)})
	app.Use(fiberauth.Middleware(a, problems))
	fiberauth.Mount(app, a, "/auth", problems)
	base := listen(t, "tcp4", app)
	for _, req := range []string{
		get("/app/page", "Cookie: big="+strings.Repeat("x", 4<<10)+"\r\n"),
		get("/nowhere", ""),
		get("/auth/nowhere", ""),
	} {
		res := rawRequest(t, base, req+"\r\n")
		if ct := res.Header.Get("Content-Type"); ct != "application/problem+json" || !bytes.Contains(res.Body, []byte(`"type":"/errors/`)) {
			t.Errorf("%.40q = %d %s (%s), want problem details", req, res.Status, res.Body, ct)
		}
	}
}

// get is a GET request's line and headers, with extra header lines.
func get(path, extra string) string {
	return "GET " + path + " HTTP/1.1\r\nHost: sesame.test\r\n" + extra
}

// post is a POST request's line and headers, with extra header lines; no
// body follows.
func post(path, extra string) string {
	return "POST " + path + " HTTP/1.1\r\nHost: sesame.test\r\nOrigin: http://sesame.test\r\nContent-Type: application/json\r\n" + extra
}

// rawRequest sends raw on a connection of its own to the server at base,
// as written (fiber refuses some before reading them whole), and reads the
// answer.
func rawRequest(tb testing.TB, base, raw string) *authtest.Response {
	tb.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	go io.WriteString(conn, raw) // the server may answer before it read it all
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		tb.Fatalf("%.60q: %v", raw, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatalf("%.60q: read the answer: %v", raw, err)
	}
	return &authtest.Response{Status: res.StatusCode, Header: res.Header, Body: body}
}

// syncBuffer is a buffer that a server's goroutines write to.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
