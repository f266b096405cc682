package test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// kind is one provider as its documentation describes its siteverify
// API: the error code of a used token, whether answers carry an action
// and a score, and the challenge_ts format.
type kind struct {
	name     string
	verifier func(secret auth.Secret, opts ...captcha.ProviderOption) captcha.Verifier
	// dup is the error code of a token verified before.
	dup string
	// action and score: the answer carries them (Turnstile has action,
	// reCAPTCHA v3 both, hCaptcha neither outside Enterprise).
	action, score bool
	// tsLayout is how the provider writes challenge_ts.
	tsLayout string
	// hour sets the tests' clock apart for each provider, which share an
	// engine's database: their rate counts never meet.
	hour int
}

// kinds are the three providers.
// Turnstile: https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
// hCaptcha: https://docs.hcaptcha.com/#verify-the-user-response-server-side
// reCAPTCHA: https://developers.google.com/recaptcha/docs/verify, /docs/v3
var kinds = []kind{
	{name: "turnstile", verifier: captcha.Turnstile, dup: "timeout-or-duplicate", action: true, tsLayout: "2006-01-02T15:04:05.000Z"},
	{name: "hcaptcha", verifier: captcha.HCaptcha, dup: "already-seen-response", tsLayout: "2006-01-02T15:04:05.000000Z", hour: 1},
	{name: "recaptcha", verifier: captcha.ReCAPTCHA, dup: "timeout-or-duplicate", action: true, score: true, tsLayout: "2006-01-02T15:04:05Z07:00", hour: 2},
}

// The fake's secret and site.
const (
	secret   = "0x4AAAAAAAfakeSecretKey"
	hostname = "sesame.test"
)

// solved is a token the fake handed a widget: what its answer says.
type solved struct {
	action string
	score  float64
	at     time.Time
	used   bool
}

// fake is a provider's siteverify API: it reads the documented form
// request and answers the documented JSON, or a fault.
type fake struct {
	kind  kind
	srv   *httptest.Server
	clock func() time.Time

	mu       sync.Mutex
	tokens   map[string]*solved
	n        int
	requests []*http.Request
	forms    []url.Values
	// fault, when set, replaces the answer: "500", "503", "timeout",
	// "malformed", "html", "empty", "no-success", "oversize",
	// "bad-ts", "no-ts", "hostname", "stale", "future", or "code:<error
	// code>" for a refusal with that documented code.
	fault string
	// siteKey, when set, is the site key the secret goes with (hCaptcha's
	// sitekey parameter).
	siteKey string
}

func newFake(t testing.TB, k kind, clock func() time.Time) *fake {
	f := &fake{kind: k, clock: clock, tokens: map[string]*solved{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// verifier returns the plugin's verifier for the fake.
func (f *fake) verifier(opts ...captcha.ProviderOption) captcha.Verifier {
	return f.kind.verifier(auth.NewSecret(secret), append([]captcha.ProviderOption{captcha.WithEndpoint(f.srv.URL + "/siteverify")}, opts...)...)
}

// solve is a widget solved now, for action with score: its token.
func (f *fake) solve(action string, score float64) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	token := fmt.Sprintf("0.%s-token-%d.%s", f.kind.name, f.n, strings.Repeat("x", 40))
	f.tokens[token] = &solved{action: action, score: score, at: f.clock()}
	return token
}

func (f *fake) setFault(fault string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fault = fault
}

// calls returns how many verifications the fake received.
func (f *fake) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

// lastForm returns the form of the last verification.
func (f *fake) lastForm() url.Values {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.forms) == 0 {
		return nil
	}
	return f.forms[len(f.forms)-1]
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		http.Error(w, "siteverify takes a form POST", http.StatusMethodNotAllowed)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, r)
	f.forms = append(f.forms, r.PostForm)
	fault := f.fault
	f.mu.Unlock()
	switch fault {
	case "500", "503":
		code, _ := strconv.Atoi(fault)
		http.Error(w, "upstream failure", code)
		return
	case "timeout":
		select {
		case <-r.Context().Done():
		case <-time.After(3 * time.Second):
		}
		return
	case "malformed":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"success": true, "hostname": "sesame.test"`)
		return
	case "html":
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body>502 Bad Gateway</body></html>")
		return
	case "empty":
		w.Header().Set("Content-Type", "application/json")
		return
	case "no-success":
		f.json(w, map[string]any{"hostname": hostname, "challenge_ts": f.clock().Format(f.kind.tsLayout)})
		return
	case "oversize":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"success":true,"hostname":"sesame.test","cdata":"%s"}`, strings.Repeat("a", 70<<10))
		return
	}
	if code, ok := strings.CutPrefix(fault, "code:"); ok {
		f.fail(w, code)
		return
	}
	f.verify(w, r, fault)
}

// verify answers as the provider documents it.
func (f *fake) verify(w http.ResponseWriter, r *http.Request, fault string) {
	switch {
	case r.PostForm.Get("secret") == "":
		f.fail(w, "missing-input-secret")
		return
	case r.PostForm.Get("secret") != secret:
		f.fail(w, "invalid-input-secret")
		return
	case f.siteKey != "" && r.PostForm.Get("sitekey") != "" && r.PostForm.Get("sitekey") != f.siteKey:
		f.fail(w, "sitekey-secret-mismatch")
		return
	case r.PostForm.Get("response") == "":
		f.fail(w, "missing-input-response")
		return
	}
	f.mu.Lock()
	s, ok := f.tokens[r.PostForm.Get("response")]
	used := ok && s.used
	if ok {
		s.used = true
	}
	f.mu.Unlock()
	switch {
	case !ok:
		f.fail(w, "invalid-input-response")
		return
	case used:
		f.fail(w, f.kind.dup)
		return
	}
	at, host := s.at, hostname
	switch fault {
	case "hostname":
		host = "evil.example"
	case "stale":
		at = at.Add(-6 * time.Minute)
	case "future":
		at = at.Add(5 * time.Minute)
	}
	answer := map[string]any{"success": true, "challenge_ts": at.Format(f.kind.tsLayout), "hostname": host}
	switch fault {
	case "no-ts":
		delete(answer, "challenge_ts")
	case "bad-ts":
		answer["challenge_ts"] = "yesterday"
	}
	switch f.kind.name {
	case "turnstile":
		answer["error-codes"], answer["action"], answer["cdata"] = []string{}, s.action, ""
	case "hcaptcha":
		answer["credit"] = false
	case "recaptcha":
		answer["action"], answer["score"] = s.action, s.score
	}
	f.json(w, answer)
}

// fail answers a refusal with an error code.
func (f *fake) fail(w http.ResponseWriter, code string) {
	answer := map[string]any{"success": false, "error-codes": []string{code}}
	if f.kind.name == "turnstile" {
		answer["messages"] = []string{}
	}
	f.json(w, answer)
}

func (f *fake) json(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}
