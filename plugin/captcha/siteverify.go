package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// The providers' siteverify endpoints.
const (
	// TurnstileEndpoint is Cloudflare Turnstile's siteverify API.
	TurnstileEndpoint = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
	// HCaptchaEndpoint is hCaptcha's siteverify API.
	HCaptchaEndpoint = "https://api.hcaptcha.com/siteverify"
	// ReCAPTCHAEndpoint is Google reCAPTCHA's siteverify API.
	ReCAPTCHAEndpoint = "https://www.google.com/recaptcha/api/siteverify"
)

// maxVerifyBody caps how much of a siteverify answer is read.
const maxVerifyBody = 64 << 10

// ProviderOption configures a siteverify [Verifier].
type ProviderOption func(*siteverify)

// WithEndpoint replaces the provider's siteverify URL: a proxy, or a fake
// server in tests.
func WithEndpoint(rawURL string) ProviderOption { return func(s *siteverify) { s.endpoint = rawURL } }

// WithHTTPClient sets the HTTP client that calls the provider
// (http.DefaultClient by default). The plugin's timeout ([WithTimeout])
// bounds each call whatever the client's own.
func WithHTTPClient(c *http.Client) ProviderOption { return func(s *siteverify) { s.client = c } }

// WithSiteKey sends the site key with each verification, where the
// provider checks it (hCaptcha's sitekey parameter): a token solved for
// another site key is refused.
func WithSiteKey(key string) ProviderOption { return func(s *siteverify) { s.siteKey = key } }

// siteverify is the verify API the three providers share: a form POST of
// secret, response and remoteip, answered by a JSON object of success,
// challenge_ts, hostname and error-codes, plus action and score where the
// provider has them.
type siteverify struct {
	name     string
	endpoint string
	secret   auth.Secret
	siteKey  string
	client   *http.Client
	score    bool
}

// Turnstile verifies Cloudflare Turnstile tokens (form field
// cf-turnstile-response) with the site's secret key.
// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
func Turnstile(secret auth.Secret, opts ...ProviderOption) Verifier {
	return newSiteverify("turnstile", TurnstileEndpoint, secret, false, opts)
}

// HCaptcha verifies hCaptcha tokens (form field h-captcha-response) with
// the account's secret key; add [WithSiteKey] to refuse tokens of other
// site keys. https://docs.hcaptcha.com/#verify-the-user-response-server-side
func HCaptcha(secret auth.Secret, opts ...ProviderOption) Verifier {
	return newSiteverify("hcaptcha", HCaptchaEndpoint, secret, false, opts)
}

// ReCAPTCHA verifies Google reCAPTCHA v2 and v3 tokens (form field
// g-recaptcha-response) with the site's secret key. For v3, set the
// plugin's [WithMinScore] (0.5 is Google's suggested start) and
// [WithAction]. https://developers.google.com/recaptcha/docs/verify
func ReCAPTCHA(secret auth.Secret, opts ...ProviderOption) Verifier {
	return newSiteverify("recaptcha", ReCAPTCHAEndpoint, secret, true, opts)
}

func newSiteverify(name, endpoint string, secret auth.Secret, score bool, opts []ProviderOption) *siteverify {
	s := &siteverify{name: name, endpoint: endpoint, secret: secret, client: http.DefaultClient, score: score}
	for _, o := range opts {
		o(s)
	}
	return s
}

// check reports what is wrong with the verifier's configuration.
func (s *siteverify) check() error {
	u, err := url.Parse(s.endpoint)
	switch {
	case s.secret.Reveal() == "":
		return fmt.Errorf("captcha: the %s secret key is empty", s.name)
	case err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "":
		return fmt.Errorf("captcha: the %s endpoint %q is not an http(s) URL", s.name, s.endpoint)
	case s.client == nil:
		return fmt.Errorf("captcha: the %s HTTP client is nil", s.name)
	}
	return nil
}

// answer is the JSON object of a siteverify answer.
type answer struct {
	Success     *bool    `json:"success"`
	ChallengeTS string   `json:"challenge_ts"`
	Hostname    string   `json:"hostname"`
	ErrorCodes  []string `json:"error-codes"`
	Action      string   `json:"action"`
	Score       *float64 `json:"score"`
}

// Verify implements [Verifier].
func (s *siteverify) Verify(ctx context.Context, token auth.Secret, remoteIP string) (*Verdict, error) {
	form := url.Values{"secret": {s.secret.Reveal()}, "response": {token.Reveal()}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	if s.siteKey != "" {
		form.Set("sitekey", s.siteKey)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, fmt.Errorf("captcha: %s: %w", s.name, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := s.client.Do(req)
	if err != nil {
		// The URL holds no secret (it travels in the body), so the error
		// may be logged as it is.
		return nil, fmt.Errorf("captcha: %s: %w", s.name, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxVerifyBody+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("captcha: %s: read the answer: %w", s.name, err)
	case res.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("captcha: %s answered %s", s.name, res.Status)
	case len(body) > maxVerifyBody:
		return nil, fmt.Errorf("captcha: %s answered more than %d bytes", s.name, maxVerifyBody)
	}
	return s.verdict(body)
}

// verdict reads a siteverify answer.
func (s *siteverify) verdict(body []byte) (*Verdict, error) {
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, fmt.Errorf("captcha: %s answered malformed JSON: %w", s.name, err)
	}
	if a.Success == nil {
		return nil, fmt.Errorf("captcha: %s answered without success", s.name)
	}
	v := &Verdict{Success: *a.Success, ErrorCodes: a.ErrorCodes, Hostname: a.Hostname, Action: a.Action}
	if s.score {
		v.Score = a.Score
	}
	if a.ChallengeTS != "" {
		ts, err := time.Parse(time.RFC3339Nano, a.ChallengeTS)
		if err != nil {
			return nil, errors.Join(fmt.Errorf("captcha: %s answered a malformed challenge_ts", s.name), err)
		}
		v.ChallengeTS = ts
	}
	return v, nil
}
