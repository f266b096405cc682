package fiberauth

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// answers are handlers that use the http.ResponseWriter each in its own
// way, served at "/" + their name.
var answers = []struct {
	name   string
	method string
	h      http.HandlerFunc
}{
	{"nothing written", "GET", func(w http.ResponseWriter, r *http.Request) {}},
	{"implicit 200", "GET", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hello") }},
	{"sniffed HTML", "GET", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!DOCTYPE html><title>x</title>")
	}},
	{"no Content-Type at all", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		fmt.Fprint(w, "<!DOCTYPE html><title>x</title>")
	}},
	{"authhttp error", "POST", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Retry-After", "45")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintln(w, `{"error":{"code":"rate_limited","message":"too many requests"}}`)
	}},
	{"several Set-Cookie", "POST", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "sesame_session", Value: "tok", Path: "/", MaxAge: 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		http.SetCookie(w, &http.Cookie{Name: "sesame_session", Value: "", Path: "/old", MaxAge: -1})
		w.Header().Add("Set-Cookie", "theme=dark; Path=/")
		w.WriteHeader(http.StatusOK)
	}},
	{"multi-value headers", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Origin")
		w.Header().Add("Vary", "Cookie")
		w.Header().Add("X-Multi", "a")
		w.Header().Add("X-Multi", "b, c")
		w.Header()["x-raw-case"] = []string{"kept as sent"}
		w.WriteHeader(http.StatusAccepted)
	}},
	{"created", "POST", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "/things/1")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{}`)
	}},
	{"no content", "POST", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
		if _, err := w.Write([]byte("dropped")); !errors.Is(err, http.ErrBodyNotAllowed) {
			panic(fmt.Sprintf("Write after 204 = %v, want http.ErrBodyNotAllowed", err))
		}
	}},
	{"not modified", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		w.WriteHeader(http.StatusNotModified)
	}},
	{"unauthorized", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="sesame"`)
		http.Error(w, "no session", http.StatusUnauthorized)
	}},
	{"not found", "GET", http.NotFound},
	{"internal", "GET", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) }},
	{"status 599", "GET", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(599) }},
	{"second WriteHeader ignored", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTeapot)
		w.WriteHeader(http.StatusOK)
		w.Header().Set("X-Late", "ignored") // after the status: not sent
		fmt.Fprint(w, "short and stout")
	}},
	{"redirect", "GET", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/sign-in?next=%2Fapp", http.StatusFound)
	}},
	{"large body", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for range 1 << 10 {
			w.Write([]byte(strings.Repeat("0123456789abcdef", 64))) // 1 KiB
		}
	}},
	{"HEAD", "HEAD", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "not sent to HEAD") }},
	{"line breaks in a value", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Evil", "a\r\nSet-Cookie: injected=1\nX-More: 1")
	}},
	{"invalid header name", "GET", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Bad Name"] = []string{"dropped"}
		w.Header()["X-Fine"] = []string{"sent"}
	}},
}

// TestResponseTranslation serves each answer with net/http and with fiber
// through the translation: a client must get the same status, headers and
// body from both.
func TestResponseTranslation(t *testing.T) {
	mux := http.NewServeMux()
	for _, a := range answers {
		mux.Handle("/"+strings.ReplaceAll(a.name, " ", "-"), a.h)
	}
	netSrv := httptest.NewUnstartedServer(mux)
	netSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // quiet about the superfluous WriteHeader
	netSrv.Start()
	t.Cleanup(netSrv.Close)
	app := newApp()
	app.Use(func(c *fiber.Ctx) error { return serveHTTP(c, mux) })
	fiberURL := listen(t, "tcp4", app)

	for _, tt := range answers {
		t.Run(tt.name, func(t *testing.T) {
			raw := tt.method + " /" + strings.ReplaceAll(tt.name, " ", "-") + " HTTP/1.1\r\nHost: sesame.test\r\n"
			if tt.method == http.MethodPost {
				raw += "Content-Length: 0\r\n"
			}
			raw += "\r\n"
			want, wantBody := roundTrip(t, netSrv.URL, raw)
			got, gotBody := roundTrip(t, fiberURL, raw)
			if got.StatusCode != want.StatusCode {
				t.Errorf("fiber's status = %d, want net/http's %d", got.StatusCode, want.StatusCode)
			}
			if g, w := comparable(got.Header), comparable(want.Header); !reflect.DeepEqual(g, w) {
				t.Errorf("fiber's headers =\n%v\nwant net/http's\n%v", g, w)
			}
			if string(gotBody) != string(wantBody) {
				t.Errorf("fiber's body = %d bytes %.80q, want net/http's %d bytes %.80q", len(gotBody), gotBody, len(wantBody), wantBody)
			}
		})
	}
}

// comparable drops what each server adds of its own: the Date, and the
// framing, which may differ (net/http chunks large answers; fasthttp
// always sends Content-Length).
func comparable(h http.Header) http.Header {
	h = h.Clone()
	for _, k := range []string{"Date", "Content-Length", "Transfer-Encoding"} {
		delete(h, k)
	}
	return h
}

// TestResponseKeepsEarlierHeaders writes an answer into a fasthttp
// response that other fiber handlers already wrote to: their headers stay
// unless the answer names them, and their cookies stay beside its own.
func TestResponseKeepsEarlierHeaders(t *testing.T) {
	var res fasthttp.Response
	res.Header.Set("Access-Control-Allow-Origin", "http://sesame.test")
	res.Header.Set("X-Overridden", "before")
	res.Header.Add("Set-Cookie", "earlier=1; Path=/")
	res.SetStatusCode(http.StatusTeapot)
	res.SetBodyString("earlier body")

	w := newResponseWriter(&res)
	w.Header().Set("X-Overridden", "after")
	w.Header().Add("Set-Cookie", "sesame_session=tok; Path=/; HttpOnly")
	w.Header().Add("Set-Cookie", "sesame_session=; Path=/old; Max-Age=0")
	w.WriteHeader(http.StatusUnauthorized)
	w.Write([]byte(`{"error":{}}`))
	w.finish()

	if got := res.StatusCode(); got != http.StatusUnauthorized {
		t.Errorf("status = %d, want 401", got)
	}
	for k, want := range map[string]string{
		"Access-Control-Allow-Origin": "http://sesame.test",
		"X-Overridden":                "after",
		"Content-Type":                "text/plain; charset=utf-8", // sniffed from the body, as net/http does
	} {
		if got := string(res.Header.Peek(k)); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	parsed, err := http.ReadResponse(bufio.NewReader(strings.NewReader(res.String())), nil)
	if err != nil {
		t.Fatalf("the response as sent does not parse: %v", err)
	}
	cookies := parsed.Header.Values("Set-Cookie")
	want := []string{"earlier=1; Path=/", "sesame_session=tok; Path=/; HttpOnly", "sesame_session=; Path=/old; Max-Age=0"}
	if !reflect.DeepEqual(cookies, want) {
		t.Errorf("Set-Cookie = %q, want %q", cookies, want)
	}
	if got := string(res.Body()); got != `{"error":{}}` {
		t.Errorf("body = %q, want the answer's alone", got)
	}
}

// TestResponseHeaderOnly is Middleware's use of the writer: authhttp
// renewed the cookie and passed the request on, so only the headers go
// into the response, whose status and body stay for the next handlers.
func TestResponseHeaderOnly(t *testing.T) {
	var res fasthttp.Response
	res.SetBodyString("kept")
	w := newResponseWriter(&res)
	http.SetCookie(w, &http.Cookie{Name: "sesame_session", Value: "renewed", Path: "/", MaxAge: 604800})
	w.flushHeader()

	if got := res.StatusCode(); got != http.StatusOK {
		t.Errorf("status = %d, want fasthttp's 200 untouched", got)
	}
	if got, want := string(res.Header.Peek("Set-Cookie")), "sesame_session=renewed; Path=/; Max-Age=604800"; got != want {
		t.Errorf("Set-Cookie = %q, want %q", got, want)
	}
	if got := string(res.Body()); got != "kept" {
		t.Errorf("body = %q, want it untouched", got)
	}
}

// TestWriteHeaderInvalid panics on a code no HTTP answer has, as
// net/http's ResponseWriter does.
func TestWriteHeaderInvalid(t *testing.T) {
	for _, code := range []int{0, 99, 1000} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("WriteHeader(%d) did not panic", code)
				}
			}()
			newResponseWriter(&fasthttp.Response{}).WriteHeader(code)
		})
	}
}
