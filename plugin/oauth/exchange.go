package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// maxBody caps what the plugin reads of a provider's answer.
const maxBody = 1 << 20

// tokenResponse is a token endpoint's answer (RFC 6749 §5.1, OpenID
// Connect Core §3.1.3.3). Its tokens are [auth.Secret]s, so that a
// printed or logged answer never shows them.
type tokenResponse struct {
	AccessToken  auth.Secret
	TokenType    string
	RefreshToken auth.Secret
	ExpiresIn    int64 // seconds; 0 when not given
	IDToken      auth.Secret
	Scope        string
}

// parseTokenResponse reads a successful token answer, JSON or, as GitHub
// answers by default, form-encoded. An answer without an access token, or
// with an error member, is an error with a zero result.
func parseTokenResponse(contentType string, body []byte) (tokenResponse, error) {
	var t tokenResponse
	fields := map[string]string{}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt == "application/x-www-form-urlencoded" || mt == "text/plain" {
		v, err := url.ParseQuery(string(body))
		if err != nil {
			return tokenResponse{}, fmt.Errorf("oauth: token answer: %w", err)
		}
		for k := range v {
			fields[k] = v.Get(k)
		}
	} else {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			return tokenResponse{}, fmt.Errorf("oauth: token answer is not a JSON object")
		}
		for k, raw := range m {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				fields[k] = s
			} else if k == "expires_in" {
				var n json.Number
				if err := json.Unmarshal(raw, &n); err != nil {
					return tokenResponse{}, fmt.Errorf("oauth: token answer: expires_in is not a number")
				}
				fields[k] = n.String()
			}
		}
	}
	// RFC 6749 §5.2: an error answer.
	if e := fields["error"]; e != "" {
		return tokenResponse{}, fmt.Errorf("oauth: token endpoint answered error %.64q", e)
	}
	t.AccessToken, t.TokenType = auth.NewSecret(fields["access_token"]), fields["token_type"]
	t.RefreshToken, t.IDToken, t.Scope = auth.NewSecret(fields["refresh_token"]), auth.NewSecret(fields["id_token"]), fields["scope"]
	if s := fields["expires_in"]; s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 0 || f > 1<<31 {
			return tokenResponse{}, fmt.Errorf("oauth: token answer: expires_in %.32q", s)
		}
		t.ExpiresIn = int64(f)
	}
	// RFC 6749 §5.1: access_token and token_type are REQUIRED; the type
	// must be one the client understands (RFC 6749 §7.1), Bearer here.
	if t.AccessToken.IsZero() {
		return tokenResponse{}, errors.New("oauth: token answer has no access_token")
	}
	if t.TokenType != "" && !strings.EqualFold(t.TokenType, "bearer") {
		return tokenResponse{}, fmt.Errorf("oauth: token type %.32q is not Bearer", t.TokenType)
	}
	return t, nil
}

// expiry is when the access token expires, zero for never said.
func (t tokenResponse) expiry(now time.Time) time.Time {
	if t.ExpiresIn <= 0 {
		return time.Time{}
	}
	return now.Add(time.Duration(t.ExpiresIn) * time.Second)
}

// tokenRequest posts a grant to the token endpoint with the client's
// credentials (RFC 6749 §2.3.1, §4.1.3, §6).
func (p *Provider) tokenRequest(ctx context.Context, pl *Plugin, endpoint string, form url.Values) (tokenResponse, error) {
	secret := p.secret.Reveal()
	if p.clientSecret != nil {
		s, err := p.clientSecret(pl.a.Now())
		if err != nil {
			return tokenResponse{}, err
		}
		secret = s
	}
	if p.style == authPost {
		form.Set("client_id", p.clientID)
		form.Set("client_secret", secret)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return tokenResponse{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if p.style == authBasic {
		// RFC 6749 §2.3.1: each is form-urlencoded before Basic encodes them.
		req.SetBasicAuth(url.QueryEscape(p.clientID), url.QueryEscape(secret))
	}
	resp, err := pl.cfg.client.Do(req)
	if err != nil {
		return tokenResponse{}, fmt.Errorf("oauth: token request: %w", err)
	}
	defer resp.Body.Close()
	body, err := readCapped(resp.Body)
	if err != nil {
		return tokenResponse{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return tokenResponse{}, fmt.Errorf("oauth: token endpoint answered %s: %.200s", resp.Status, body)
	}
	return parseTokenResponse(resp.Header.Get("Content-Type"), body)
}

func readCapped(r io.Reader) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("oauth: reading an answer: %w", err)
	}
	if len(body) > maxBody {
		return nil, fmt.Errorf("oauth: an answer is over %d bytes", maxBody)
	}
	return body, nil
}

// fetcher reads a provider's JSON resources.
type fetcher struct {
	client *http.Client
	// Token is the access token, sent as Bearer; empty for none. It is
	// exported so that fmt formats it as the Secret it is: fmt prints an
	// unexported field by reflection, without its methods, in clear.
	Token auth.Secret
}

// get fetches url and returns its body; a status other than 200 is an
// error.
func (f *fetcher) get(ctx context.Context, u, accept string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if accept == "" {
		accept = "application/json"
	}
	req.Header.Set("Accept", accept)
	req.Header.Set("User-Agent", "sesame-oauth") // GitHub's API refuses requests without one
	if !f.Token.IsZero() {
		req.Header.Set("Authorization", "Bearer "+f.Token.Reveal()) // RFC 6750 §2.1
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("oauth: GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	body, err := readCapped(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("oauth: GET %s answered %s", u, resp.Status)
	}
	return body, nil
}
