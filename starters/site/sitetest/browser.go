package sitetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// browser is a client with its own cookie jar that sends forms as a
// browser does: same-origin POSTs carry an Origin header.
type browser struct {
	t      *testing.T
	base   string
	agent  string
	client *http.Client
}

func newBrowser(t *testing.T, base, agent string) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &browser{t: t, base: base, agent: agent, client: &http.Client{Jar: jar, Transport: tr}}
}

// answer is a response, read whole; Path is the path and query it ended
// on, after redirects.
type answer struct {
	Method, URL string
	Status      int
	Header      http.Header
	Path        string
	Body        string
}

func (b *browser) do(method, path string, body io.Reader, header http.Header) answer {
	b.t.Helper()
	req, err := http.NewRequest(method, b.base+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", b.agent)
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return answer{Method: method, URL: path, Status: resp.StatusCode, Header: resp.Header,
		Path: resp.Request.URL.RequestURI(), Body: string(data)}
}

// get fetches a page.
func (b *browser) get(path string) answer {
	b.t.Helper()
	return b.do(http.MethodGet, path, nil, nil)
}

// post submits a form from one of the site's pages.
func (b *browser) post(path string, form url.Values) answer {
	b.t.Helper()
	return b.postFrom(b.base, path, form)
}

// postFrom submits a form from a page of origin.
func (b *browser) postFrom(origin, path string, form url.Values) answer {
	b.t.Helper()
	return b.do(http.MethodPost, path, strings.NewReader(form.Encode()), http.Header{
		"Content-Type": {"application/x-www-form-urlencoded"}, "Origin": {origin}})
}

// postJSON calls a JSON route, as a script of the site would.
func (b *browser) postJSON(path string, v any) answer {
	b.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(http.MethodPost, path, bytes.NewReader(body), http.Header{
		"Content-Type": {"application/json"}, "Origin": {b.base}})
}

// want fails the test unless the answer has status and holds every text.
func (a answer) want(t *testing.T, status int, texts ...string) {
	t.Helper()
	if a.Status != status {
		t.Fatalf("%s %s = %d (ended on %s), want %d\n%s", a.Method, a.URL, a.Status, a.Path, status, a.Body)
	}
	if status < 400 && strings.Contains(a.Body, `role="alert"`) {
		t.Fatalf("%s %s (ended on %s) shows an error\n%s", a.Method, a.URL, a.Path, a.Body)
	}
	for _, s := range texts {
		if !strings.Contains(a.Body, s) {
			t.Fatalf("%s %s (ended on %s) does not show %q\n%s", a.Method, a.URL, a.Path, s, a.Body)
		}
	}
}

// wantAt fails the test unless the answer ended on path (and query).
func (a answer) wantAt(t *testing.T, path string) {
	t.Helper()
	if a.Path != path {
		t.Fatalf("%s %s ended on %s, want %s\n%s", a.Method, a.URL, a.Path, path, a.Body)
	}
}

// hidden returns the value of the page's hidden input named name.
func (a answer) hidden(t *testing.T, name string) string {
	t.Helper()
	re := regexp.MustCompile(`<input type="hidden" name="` + regexp.QuoteMeta(name) + `" value="([^"]*)">`)
	m := re.FindStringSubmatch(a.Body)
	if m == nil {
		t.Fatalf("%s %s has no hidden %s input\n%s", a.Method, a.URL, name, a.Body)
	}
	return html.UnescapeString(m[1])
}

// item returns the first <li class="class"> of the page holding text.
func (a answer) item(t *testing.T, class, text string) string {
	t.Helper()
	re := regexp.MustCompile(`(?s)<li class="` + class + `">.*?</li>`)
	for _, li := range re.FindAllString(a.Body, -1) {
		if strings.Contains(li, text) {
			return li
		}
	}
	t.Fatalf("%s %s lists no %s with %q\n%s", a.Method, a.URL, class, text, a.Body)
	return ""
}

// decode decodes a JSON answer into v.
func (a answer) decode(t *testing.T, v any) {
	t.Helper()
	if ct := a.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s %s: Content-Type %q, want JSON", a.Method, a.URL, ct)
	}
	if err := json.Unmarshal([]byte(a.Body), v); err != nil {
		t.Fatalf("%s %s: %v\n%s", a.Method, a.URL, err, a.Body)
	}
}

// mailbox reads the development mailer's messages from the app's output,
// each once.
type mailbox struct {
	out  fmt.Stringer
	seen int // messages already read
}

var mailPattern = regexp.MustCompile(`(?s)----- email \(([^)\n]+)\) -----\nTo: ([^\n]*)\n(.*?)\n-----\n`)

// next returns the text of the first unread message of purpose to to, and
// marks every message up to it read.
func (m *mailbox) next(t *testing.T, purpose, to string) string {
	t.Helper()
	// The app sends a message after its answer: wait for it a little.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		all := mailPattern.FindAllStringSubmatch(m.out.String(), -1)
		for i := m.seen; i < len(all); i++ {
			if all[i][1] == purpose && all[i][2] == to {
				m.seen = i + 1
				return all[i][3]
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no new %q message to %s in the app's output:\n%s", purpose, to, m.out)
			return ""
		}
	}
}

// link returns the path and query of the link to base+path in a message.
func link(t *testing.T, text, base, path string) string {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(base+path) + `\?token=[A-Za-z0-9_%=-]+`).FindString(text)
	if m == "" {
		t.Fatalf("no link to %s%s in the message:\n%s", base, path, text)
	}
	return strings.TrimPrefix(m, base)
}
