package fiberauth

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// seen is what a net/http handler sees of a request.
type seen struct {
	Method           string
	URL              string
	Path, RawPath    string
	RawQuery         string
	Query            map[string][]string
	RequestURI       string
	Host             string
	Proto            string
	Header           http.Header
	Cookies          []string
	ContentLength    int64
	TransferEncoding []string
	Close            bool
	RemoteIP         string
	Body             string
	BodyErr          string
}

// see records what a handler sees of r.
func see(r *http.Request) seen {
	s := seen{
		Method: r.Method, URL: r.URL.String(), Path: r.URL.Path, RawPath: r.URL.RawPath,
		RawQuery: r.URL.RawQuery, Query: r.URL.Query(), RequestURI: r.RequestURI, Host: r.Host,
		Proto: r.Proto, Header: r.Header, ContentLength: r.ContentLength,
		TransferEncoding: r.TransferEncoding, Close: r.Close,
	}
	for _, c := range r.Cookies() {
		s.Cookies = append(s.Cookies, c.Name+"="+c.Value)
	}
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		s.RemoteIP = ap.Addr().String()
	} else {
		s.RemoteIP = "unparsable " + r.RemoteAddr
	}
	body, err := io.ReadAll(r.Body)
	s.Body = string(body)
	if err != nil {
		s.BodyErr = err.Error()
	}
	return s
}

// observer answers, as JSON, what it saw of the request.
var observer = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(see(r))
})

// servers returns the base URLs of observer served by net/http and by
// fiber through the translation, both on network ("tcp4" or "tcp6"), the
// fiber app made with cfg and running before first, if not nil, in front.
func servers(t *testing.T, network string, cfg fiber.Config, before fiber.Handler) (netHTTP, fiberURL string) {
	t.Helper()
	addr := "127.0.0.1:0"
	if network == "tcp6" {
		addr = "[::1]:0"
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Skipf("no %s loopback: %v", network, err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: observer}}
	srv.Start()
	t.Cleanup(srv.Close)
	app := newApp(cfg)
	if before != nil {
		app.Use(before)
	}
	app.Use(func(c *fiber.Ctx) error { return serveHTTP(c, observer) })
	return srv.URL, listen(t, network, app)
}

// roundTrip sends raw, a request as bytes, to the server at baseURL on a
// connection of its own and returns the answer, read whole.
func roundTrip(t *testing.T, baseURL, raw string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(baseURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(raw, " ")
	res, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("read the answer to %q: %v", raw, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// rawRequests are requests as a client sends them, line by line.
var rawRequests = []struct {
	name string
	raw  string
}{
	{"GET", "GET /app/me HTTP/1.1\r\nHost: sesame.test\r\n\r\n"},
	{"escaped path and query", "GET /app/a%2Fb/c%20d/%E2%9C%93?next=%2Fa%26b%3Fc%3Dd&q=caf%C3%A9+au+lait&q=%2B&empty=&flag HTTP/1.1\r\nHost: sesame.test\r\n\r\n"},
	{"query only", "GET /?a=1&a=2&b=%zz HTTP/1.1\r\nHost: sesame.test\r\n\r\n"},
	{"multi-value headers", "GET /h HTTP/1.1\r\nHost: sesame.test\r\nX-Multi: one\r\nX-Multi: two\r\nx-lower: v\r\nAccept: a/b, c/d\r\n" +
		"X-Forwarded-For: 203.0.113.1\r\nX-Forwarded-For: 198.51.100.2, 192.0.2.3\r\nX-Empty: \r\n\r\n"},
	{"several Cookie headers", "GET /c HTTP/1.1\r\nHost: sesame.test\r\nCookie: a=1; b=2\r\nCookie: sesame_session=tok-en_1\r\n" +
		"Cookie: q=\"quoted\"\r\n\r\n"},
	{"browser headers", "POST /auth/sign-out HTTP/1.1\r\nHost: sesame.test:8080\r\nUser-Agent: Mozilla/5.0 (X11)\r\n" +
		"Origin: http://sesame.test:8080\r\nReferer: http://sesame.test:8080/settings?tab=1\r\n" +
		"Authorization: Bearer abc.def\r\nAuth-Token-Mode: bearer\r\nContent-Length: 0\r\n\r\n"},
	{"JSON body", "POST /auth/authtest/sign-in HTTP/1.1\r\nHost: sesame.test\r\nContent-Type: application/json\r\n" +
		"Content-Length: 14\r\n\r\n{\"name\":\"ada\"}"},
	{"chunked body", "POST /chunked HTTP/1.1\r\nHost: sesame.test\r\nContent-Type: application/json\r\n" +
		"Transfer-Encoding: chunked\r\n\r\n5\r\n{\"nam\r\n9\r\ne\":\"ada\"}\r\n0\r\n\r\n"},
	{"empty body", "POST /empty HTTP/1.1\r\nHost: sesame.test\r\nContent-Length: 0\r\n\r\n"},
	{"body at authhttp's limit", "POST /big HTTP/1.1\r\nHost: sesame.test\r\nContent-Type: application/json\r\n" +
		fmt.Sprintf("Content-Length: %d\r\n\r\n", 64<<10) + strings.Repeat("x", 64<<10)},
	{"body over authhttp's limit", "POST /big HTTP/1.1\r\nHost: sesame.test\r\n" +
		fmt.Sprintf("Content-Length: %d\r\n\r\n", 64<<10+1) + strings.Repeat("x", 64<<10+1)},
	{"absolute-form target", "GET http://other.test/x?y=1 HTTP/1.1\r\nHost: sesame.test\r\n\r\n"},
	{"HTTP/1.0 keep-alive", "GET /old HTTP/1.0\r\nHost: sesame.test\r\nConnection: keep-alive\r\n\r\n"},
	{"HTTP/1.0", "GET /older HTTP/1.0\r\nHost: sesame.test\r\n\r\n"},
	{"padded header value", "GET /pad HTTP/1.1\r\nHost: sesame.test\r\nX-Pad:   padded value \t\r\n\r\n"},
	{"Connection: close", "GET /bye HTTP/1.1\r\nHost: sesame.test\r\nConnection: close\r\n\r\n"},
	{"DELETE", "DELETE /thing/1 HTTP/1.1\r\nHost: sesame.test\r\n\r\n"},
}

// TestRequestTranslation sends each raw request to net/http and to fiber
// through the translation, over IPv4 and IPv6: a net/http handler must see
// the same request under both, whether fiber streams request bodies or
// not. When a fiber handler in front has read the cookies, fasthttp keeps
// them parsed and joined in one Cookie line: the handler still reads the
// same cookies.
func TestRequestTranslation(t *testing.T) {
	readCookies := func(c *fiber.Ctx) error {
		c.Cookies("a")
		return c.Next()
	}
	setups := []struct {
		name   string
		cfg    fiber.Config
		before fiber.Handler
	}{
		{"default", fiber.Config{}, nil},
		{"StreamRequestBody", fiber.Config{StreamRequestBody: true}, nil},
		{"cookies read first", fiber.Config{}, readCookies},
	}
	for _, network := range []string{"tcp4", "tcp6"} {
		for _, setup := range setups {
			t.Run(network+"/"+setup.name, func(t *testing.T) {
				netHTTP, fiberURL := servers(t, network, setup.cfg, setup.before)
				for _, tt := range rawRequests {
					t.Run(tt.name, func(t *testing.T) {
						want := observe(t, netHTTP, tt.raw)
						got := observe(t, fiberURL, tt.raw)
						if setup.before != nil && len(want.Header["Cookie"]) > 0 {
							want.Header["Cookie"] = []string{strings.Join(want.Cookies, "; ")}
						}
						if !reflect.DeepEqual(got, want) {
							t.Errorf("fiber's handler saw\n%s\nnet/http's saw\n%s", dump(got), dump(want))
						}
					})
				}
			})
		}
	}
}

// observe sends raw to the observer at baseURL and returns what it saw.
func observe(t *testing.T, baseURL, raw string) seen {
	t.Helper()
	res, body := roundTrip(t, baseURL, raw)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s answered %d %s", baseURL, res.StatusCode, body)
	}
	var s seen
	if err := json.Unmarshal(body, &s); err != nil {
		t.Fatalf("%s answered %s: %v", baseURL, body, err)
	}
	return s
}

func dump(s seen) string {
	if len(s.Body) > 80 {
		s.Body = s.Body[:40] + fmt.Sprintf("...(%d bytes)", len(s.Body))
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	return string(b)
}

// TestRemoteAddr translates requests from IPv4 and IPv6 peers, zones
// included: RemoteAddr is the connection's address as net/http writes it,
// which auth.Auth.ClientIP parses.
func TestRemoteAddr(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.ParseIP("203.0.113.7"), Port: 51234}, "203.0.113.7:51234"},
		{&net.TCPAddr{IP: net.ParseIP("::1"), Port: 443}, "[::1]:443"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8::42"), Port: 8080}, "[2001:db8::42]:8080"},
		{&net.TCPAddr{IP: net.ParseIP("fe80::1"), Port: 80, Zone: "eth0"}, "[fe80::1%eth0]:80"},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:192.0.2.1"), Port: 80}, "192.0.2.1:80"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			var fc fasthttp.RequestCtx
			var req fasthttp.Request
			req.SetRequestURI("/app/me")
			fc.Init(&req, tt.addr, nil)
			r, err := newRequest(context.Background(), &fc)
			if err != nil {
				t.Fatalf("newRequest: %v", err)
			}
			if r.RemoteAddr != tt.want {
				t.Errorf("RemoteAddr = %q, want %q", r.RemoteAddr, tt.want)
			}
			if _, err := netip.ParseAddrPort(r.RemoteAddr); err != nil {
				t.Errorf("RemoteAddr %q does not parse: %v", r.RemoteAddr, err)
			}
		})
	}
}

// TestRequestInCode translates a request that a fiber handler in front
// changed, or that was made in code and never read from a client: the
// translation follows fasthttp's request as it is now.
func TestRequestInCode(t *testing.T) {
	var fc fasthttp.RequestCtx
	var req fasthttp.Request
	req.Header.SetMethod(http.MethodPost)
	req.SetRequestURI("/auth/sign-out?x=%2F")
	req.Header.SetHost("sesame.test")
	req.Header.Add("X-Added", "1")
	req.Header.Add("X-Added", "2")
	req.Header.SetCookie("sesame_session", "tok")
	req.Header.SetContentType("application/json")
	req.SetBodyString(`{}`)
	fc.Init(&req, &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 1}, nil)
	r, err := newRequest(context.Background(), &fc)
	if err != nil {
		t.Fatalf("newRequest: %v", err)
	}
	want := http.Header{
		"X-Added":      {"1", "2"},
		"Cookie":       {"sesame_session=tok"},
		"Content-Type": {"application/json"},
	}
	if !reflect.DeepEqual(r.Header, want) {
		t.Errorf("Header = %v, want %v", r.Header, want)
	}
	if r.Method != http.MethodPost || r.Host != "sesame.test" || r.URL.Path != "/auth/sign-out" || r.URL.Query().Get("x") != "/" || r.ContentLength != 2 {
		t.Errorf("request = %s %s %s (%d bytes), want POST sesame.test /auth/sign-out?x=%%2F (2 bytes)", r.Method, r.Host, r.URL, r.ContentLength)
	}
	if c, err := r.Cookie("sesame_session"); err != nil || c.Value != "tok" {
		t.Errorf("Cookie(sesame_session) = %v, %v; want tok", c, err)
	}
}

// TestInvalidTarget sends request-targets that are not valid URIs:
// net/http refuses them with 400, and so does the translation.
func TestInvalidTarget(t *testing.T) {
	netHTTP, fiberURL := servers(t, "tcp4", fiber.Config{}, nil)
	for _, target := range []string{"/a%zz", "/a%2", "/%"} {
		t.Run(target, func(t *testing.T) {
			raw := "GET " + target + " HTTP/1.1\r\nHost: sesame.test\r\n\r\n"
			want, _ := roundTrip(t, netHTTP, raw)
			got, body := roundTrip(t, fiberURL, raw)
			if want.StatusCode != http.StatusBadRequest || got.StatusCode != want.StatusCode {
				t.Errorf("GET %s: fiber answered %d %s, net/http %d; want both 400", target, got.StatusCode, body, want.StatusCode)
			}
		})
	}
}
