package authhttp

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// netHTTPCookies is what r.Cookies() reads, as name=value pairs.
func netHTTPCookies(r *http.Request) []string {
	var out []string
	for _, c := range r.Cookies() {
		out = append(out, c.Name+"="+c.Value)
	}
	return out
}

func ownCookies(r *http.Request) []string {
	var out []string
	cookieValues(r, func(name, value string) { out = append(out, name+"="+value) })
	return out
}

// cookieHeaders is the table of Cookie headers, each a list of lines.
var cookieHeaders = [][]string{
	nil,
	{""},
	{"sesame_session=tok"},
	{"a=1; b=2", "c=3;d=4"},
	{"  a = 1 ;; b=\"quoted\" ; c=\"half; d=\"; e=\"\"; f=\"", "\t g=x\r"},
	{"a=b=c; =novalue; noequals; bad name=1; ok=sp ace; ok2= lead; comma=a,b"},
	{"ctl=\x01; del=\x7f; bs=a\\b; utf=\xc3\xa9; quote=a\"b"},
	{"dup=first; dup=second", "dup=third"},
	{"tok!#$%&'*+-.^_`|~09AZaz=v; paren(=v; at@=v"},
	{strings.Repeat("k=v;", fewCookies-1) + "k=v"},     // as many as read here
	{strings.Repeat("k=v;", fewCookies) + "k=v"},       // one more: net/http's parsing
	{strings.Repeat("k=v;", 3000) + "last=v"},          // over net/http's limit: none
	{strings.Repeat("k=v;", fewCookies/2), "a=b;c=d;"}, // counted over every line
}

// TestCookieValues: every request's cookies are those net/http reads.
func TestCookieValues(t *testing.T) {
	for _, lines := range cookieHeaders {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header["Cookie"] = lines
		if got, want := ownCookies(r), netHTTPCookies(r); !slices.Equal(got, want) {
			t.Errorf("cookieValues(%q) = %q, want %q", lines, got, want)
		}
	}
}

func FuzzCookieValues(f *testing.F) {
	for _, lines := range cookieHeaders {
		if len(lines) > 0 {
			f.Add(lines[0], strings.Join(lines[1:], "\n"))
		}
	}
	f.Fuzz(func(t *testing.T, first, second string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header["Cookie"] = []string{first}
		if second != "" {
			r.Header["Cookie"] = append(r.Header["Cookie"], second)
		}
		if got, want := ownCookies(r), netHTTPCookies(r); !slices.Equal(got, want) {
			t.Fatalf("cookieValues(%q, %q) = %q, want %q", first, second, got, want)
		}
	})
}
