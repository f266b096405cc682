package fiberauth

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/valyala/fasthttp"
)

// newRequest translates the request of fc into the *http.Request that
// net/http's server makes of the same bytes, with ctx as its context: the
// method; the URL and RequestURI from the request-target as received,
// escapes and all; every header line, repeated ones (Cookie included) as
// several values; Host; the protocol; RemoteAddr from the connection, so
// that the client IP and auth.WithTrustedProxies work as under net/http;
// ContentLength and chunking; and the body as a reader. The body is the
// one fasthttp read, already bounded by fiber's BodyLimit, or with fiber's
// StreamRequestBody the stream itself, which authhttp reads only up to
// its own limit. Like net/http, it refuses a request-target that is not a
// valid URI.
//
// The request is valid while fc's handler runs: its strings are copies,
// but the body reads fasthttp's buffer.
func newRequest(ctx context.Context, fc *fasthttp.RequestCtx) (*http.Request, error) {
	h := &fc.Request.Header
	rawURI := string(h.RequestURI())
	u, err := url.ParseRequestURI(rawURI)
	if err != nil {
		return nil, err
	}
	proto := string(h.Protocol())
	major, minor, ok := http.ParseHTTPVersion(proto)
	if !ok {
		proto, major, minor = "HTTP/1.1", 1, 1
	}
	r := &http.Request{
		Method:     string(h.Method()),
		URL:        u,
		Proto:      proto,
		ProtoMajor: major,
		ProtoMinor: minor,
		Header:     header(h),
		Host:       u.Host, // an absolute-form target names the host, as net/http has it
		RemoteAddr: fc.RemoteAddr().String(),
		RequestURI: rawURI,
		TLS:        fc.TLSConnectionState(),
	}
	if r.Host == "" {
		r.Host = trim(h.Host())
	}
	r.ContentLength, r.Body = body(&fc.Request)
	if r.ContentLength < 0 {
		r.TransferEncoding = []string{"chunked"}
		r.Header.Del("Content-Length") // the chunks frame the body (RFC 9112 §6.3)
	}
	r.Close = shouldClose(major, minor, r.Header)
	return r.WithContext(ctx), nil
}

// header copies the header lines of h into an http.Header as net/http's
// server keeps them: keys canonical, a value per line without the spaces
// around it, Host and Transfer-Encoding left to their fields. The Cookie
// lines are taken as received while fasthttp has not parsed them (it then
// keeps them joined with "; ", which cookie parsers read the same way).
// Connection and Content-Length are taken as received: fasthttp adds
// Connection: close to HTTP/1.0 requests without keep-alive and
// Content-Length: 0 to those without a body, which net/http does not.
func header(h *fasthttp.RequestHeader) http.Header {
	hdr := make(http.Header)
	for _, v := range h.PeekAll(fasthttp.HeaderCookie) { // before VisitAll, which parses and joins them
		if len(v) > 0 {
			hdr["Cookie"] = append(hdr["Cookie"], string(v))
		}
	}
	h.VisitAll(func(k, v []byte) {
		switch key := http.CanonicalHeaderKey(string(k)); key {
		case "Host", "Transfer-Encoding", "Cookie", "Connection", "Content-Length":
		default:
			hdr[key] = append(hdr[key], trim(v))
		}
	})
	h.VisitAllInOrder(func(k, v []byte) {
		if key := http.CanonicalHeaderKey(string(k)); key == "Connection" || key == "Content-Length" {
			hdr[key] = append(hdr[key], trim(v))
		}
	})
	return hdr
}

// trim returns v without the spaces and tabs around it, as a string.
func trim(v []byte) string { return string(bytes.Trim(v, " \t")) }

// shouldClose reports whether the connection closes after the request,
// as net/http decides it: asked by Connection: close, or HTTP/1.0 without
// keep-alive.
func shouldClose(major, minor int, h http.Header) bool {
	if major < 1 {
		return true
	}
	if hasToken(h["Connection"], "close") {
		return true
	}
	return major == 1 && minor == 0 && !hasToken(h["Connection"], "keep-alive")
}

// hasToken reports whether a comma-separated list in values holds token.
func hasToken(values []string, token string) bool {
	for _, v := range values {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// body returns the length and a reader of req's body: -1 when it came
// chunked, 0 and http.NoBody when there is none. The length of a body
// fasthttp holds in memory is its size, also when the request was made in
// code and its Content-Length not yet set.
func body(req *fasthttp.Request) (int64, io.ReadCloser) {
	n := int64(req.Header.ContentLength())
	if req.IsBodyStream() {
		return max(n, -1), &stream{r: req.BodyStream()}
	}
	b := req.Body()
	switch {
	case n == -1:
		return -1, io.NopCloser(bytes.NewReader(b))
	case len(b) == 0:
		return 0, http.NoBody
	}
	return int64(len(b)), io.NopCloser(bytes.NewReader(b))
}

// stream is a request body that fasthttp streams from the connection,
// with fiber's StreamRequestBody. It notes whether it was read to its end.
type stream struct {
	r    io.Reader
	read bool
}

func (s *stream) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.read = s.read || err == io.EOF
	return n, err
}

func (s *stream) Close() error { return nil }

// closeIfUnread makes res close the connection after the answer to r when
// r's body is a stream not read to its end, whose rest is still on the
// connection: fasthttp would read that rest as the next request; net/http
// closes the connection instead. Every answer written for authhttp, which
// reads a body only up to its limit, or never, goes through it.
func closeIfUnread(r *http.Request, res *fasthttp.Response) {
	if s, ok := r.Body.(*stream); ok && !s.read {
		res.Header.SetConnectionClose()
	}
}
