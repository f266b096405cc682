package fiberauth

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// FuzzRequest reads one request with fasthttp, as fiber does, and with
// net/http's reader, the reference: when both accept it, the translation
// must give a handler what net/http gives it. It never panics, and it
// refuses a target net/http's server refuses.
func FuzzRequest(f *testing.F) {
	for _, tt := range rawRequests {
		f.Add([]byte(tt.raw))
	}
	f.Add([]byte("GET /a%zz HTTP/1.1\r\nHost: h\r\n\r\n"))
	f.Add([]byte("GET * HTTP/1.1\r\nHost: h\r\n\r\n"))
	f.Add([]byte("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var fc fasthttp.RequestCtx
		if err := fc.Request.Read(bufio.NewReader(bytes.NewReader(raw))); err != nil {
			return // fasthttp refuses it: fiber never runs a handler
		}
		got, err := newRequest(context.Background(), &fc)
		want, wantErr := http.ReadRequest(bufio.NewReader(bytes.NewReader(raw)))
		if err != nil {
			if wantErr == nil && want.RequestURI == string(fc.Request.Header.RequestURI()) {
				t.Fatalf("newRequest refused %q (%v), net/http accepts it", raw, err)
			}
			return
		}
		if got.Body == nil || got.Header == nil || got.URL == nil {
			t.Fatalf("newRequest(%q) = a request without body, header or URL", raw)
		}
		if wantErr != nil || !comparableRequest(raw, want) {
			return // net/http's reader refuses it, or reads what fasthttp reads otherwise
		}
		g, w := agreedOf(got), agreedOf(want)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("request %q\ntranslated: %+v\nnet/http:   %+v", raw, g, w)
		}
	})
}

// comparableRequest reports whether fasthttp and net/http read raw, which
// net/http read as r, alike up to the translation. They differ on versions
// other than HTTP/1.x, on folded header lines, on repeated special headers
// (fasthttp keeps one Host, User-Agent, Content-Type and Content-Length),
// or empty (fasthttp keeps no empty User-Agent or Content-Type, which
// reads as "" all the same), on chunked bodies, and on header values with
// control bytes; such requests are left out.
func comparableRequest(raw []byte, r *http.Request) bool {
	if r.ProtoMajor != 1 || bytes.Contains(raw, []byte("\n ")) || bytes.Contains(raw, []byte("\n\t")) {
		return false
	}
	for _, k := range []string{"Host", "User-Agent", "Content-Type", "Content-Length", "Connection", "Transfer-Encoding", "Trailer", "Cookie"} {
		if vs, ok := r.Header[k]; len(vs) > 1 || ok && vs[0] == "" {
			return false
		}
	}
	if _, ok := r.Header["Host"]; ok {
		return false // a second Host line: net/http keeps it in the header
	}
	for k, vs := range r.Header {
		if k == "" || strings.ContainsAny(k, " \t") {
			return false
		}
		for _, v := range vs {
			if strings.ContainsFunc(v, func(c rune) bool { return c < ' ' && c != '\t' || c >= 0x7f }) {
				return false
			}
		}
	}
	return r.Method != "" && !strings.ContainsAny(r.Method, " \t") && len(r.TransferEncoding) == 0
}

// agreed is what both readers must agree on.
type agreed struct {
	Method, URL, RequestURI, Host, Proto string
	Header                               http.Header
	ContentLength                        int64
	Body                                 string
}

func agreedOf(r *http.Request) agreed {
	body, _ := io.ReadAll(r.Body)
	h := r.Header.Clone()
	if r.ContentLength == 0 {
		delete(h, "Content-Length") // net/http's reader keeps "0"; fasthttp's may or may not have had it
	}
	return agreed{r.Method, r.URL.String(), r.RequestURI, r.Host, r.Proto, h, r.ContentLength, string(body)}
}
