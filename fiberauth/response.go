package fiberauth

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/valyala/fasthttp"
)

// responseWriter is an http.ResponseWriter that writes into a fasthttp
// response what net/http's server would send: the status, every header
// value (each Set-Cookie its own line) and the body. Headers are taken
// when the status is written, as net/http does; a header set on the fiber
// response before keeps its place unless the handler names it, and
// Set-Cookie values add up. A handler that names no Content-Type gets the
// one net/http would sniff from the body.
type responseWriter struct {
	res    *fasthttp.Response
	header http.Header
	status int  // 0 until written
	sniff  bool // no Content-Type was named: detect it from the body
}

func newResponseWriter(res *fasthttp.Response) *responseWriter {
	return &responseWriter{res: res, header: make(http.Header)}
}

// Header returns the headers to send.
func (w *responseWriter) Header() http.Header { return w.header }

// WriteHeader sends the status and the headers. Later calls do nothing,
// nor do informational statuses, which fasthttp cannot send before the
// answer; an invalid code panics, as with net/http.
func (w *responseWriter) WriteHeader(code int) {
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if w.status != 0 || code < 200 && code != http.StatusSwitchingProtocols {
		return
	}
	w.status = code
	w.res.SetStatusCode(code)
	w.res.ResetBody()
	w.flushHeader()
	_, typed := w.header["Content-Type"]
	w.sniff = !typed && w.header.Get("Content-Encoding") == "" && bodyAllowed(code)
}

// Write appends p to the body, sending the status 200 first if none was.
func (w *responseWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	w.res.AppendBody(p)
	return len(p), nil
}

// finish completes the answer once the handler returned: 200 if it wrote
// nothing, and the sniffed Content-Type.
func (w *responseWriter) finish() {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if b := w.res.Body(); w.sniff && len(b) > 0 {
		w.res.Header.SetContentType(http.DetectContentType(b[:min(len(b), 512)]))
	}
}

// flushHeader copies the headers into the fasthttp response: each header
// named replaces the response's own, except Set-Cookie, whose values are
// added. Like net/http, it drops invalid names and turns line breaks in
// values into spaces, so that no value can start another header.
func (w *responseWriter) flushHeader() {
	h := &w.res.Header
	for k, vs := range w.header {
		if k != "Set-Cookie" && validHeaderName(k) {
			h.Del(k)
			if k == "Content-Type" && len(vs) == 0 {
				h.SetNoDefaultContentType(true) // named with no value: send none, as net/http does
			}
		}
	}
	for k, vs := range w.header {
		if !validHeaderName(k) {
			continue
		}
		for _, v := range vs {
			h.Add(k, newlineToSpace.Replace(v))
		}
	}
}

var newlineToSpace = strings.NewReplacer("\n", " ", "\r", " ")

// validHeaderName reports whether k is an RFC 9110 token.
func validHeaderName(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c >= 0x80 || !tokenChars[c] {
			return false
		}
	}
	return true
}

// tokenChars marks the characters of an RFC 9110 §5.6.2 token.
var tokenChars = func() (t [128]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// bodyAllowed reports whether an answer of status may have a body
// (RFC 9110 §6.4.1).
func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}
