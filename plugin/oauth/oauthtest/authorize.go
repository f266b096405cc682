package oauthtest

import (
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// codeLifetime is how long an authorization code lasts (RFC 6749 §4.1.2
// recommends 10 minutes at most).
const codeLifetime = 10 * time.Minute

// grant is what an authorization code stands for.
type grant struct {
	subject       string
	redirectURI   string
	redirectGiven bool
	scope         string
	openid        bool
	nonce         string
	challenge     string
	expires       time.Time
	used          bool
}

// authorize is the authorization endpoint (RFC 6749 §4.1.1, OpenID Connect
// Core §3.1.2.1). It signs in the logged-in user with no page and answers
// with a redirect, or with response_mode=form_post an auto-submitting form.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.Form
	// RFC 6749 §4.1.2.1: with a missing or invalid client or redirect URI
	// the server informs the person and MUST NOT redirect.
	if q.Get("client_id") != p.ClientID {
		http.Error(w, "oauthtest: unknown client_id", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	registered := slices.Clone(p.redirects)
	p.mu.Unlock()
	redirect, given := q.Get("redirect_uri"), q.Get("redirect_uri") != ""
	switch {
	case given && !slices.Contains(registered, redirect):
		// RFC 6749 §3.1.2.3: compared with the registered URIs, exactly.
		http.Error(w, "oauthtest: redirect_uri is not registered (WithRedirectURI, AddRedirectURI)", http.StatusBadRequest)
		return
	case !given && !p.cfg.plain:
		// OpenID Connect Core §3.1.2.1: redirect_uri is REQUIRED.
		http.Error(w, "oauthtest: redirect_uri is required", http.StatusBadRequest)
		return
	case !given && len(registered) != 1:
		// RFC 6749 §3.1.2.3: it may be left out only when one is registered.
		http.Error(w, "oauthtest: redirect_uri is required unless exactly one is registered", http.StatusBadRequest)
		return
	case !given:
		redirect = registered[0]
	}

	state, mode := q.Get("state"), q.Get("response_mode")
	fail := func(code, description string) {
		p.respond(w, redirect, mode, url.Values{"error": {code}, "error_description": {description}}, state)
	}
	switch {
	// OAuth 2.0 Multiple Response Type Encoding Practices §2.1 and OAuth
	// 2.0 Form Post Response Mode §2: query (the default) and form_post.
	case mode != "" && mode != "query" && mode != "form_post":
		mode = ""
		fail("invalid_request", "response_mode must be query or form_post")
	// RFC 6749 §4.1.1: response_type is "code".
	case q.Get("response_type") != "code":
		fail("unsupported_response_type", "response_type must be code")
	// RFC 6749 §10.12: the client binds the request to the browser with
	// state; this provider insists.
	case state == "":
		fail("invalid_request", "state is required by this test provider (RFC 6749 §10.12)")
	// RFC 7636 §4.4.1: this provider requires PKCE, S256 only.
	case q.Get("code_challenge") == "":
		fail("invalid_request", "code_challenge is required (RFC 7636 §4.4.1)")
	case q.Get("code_challenge_method") != "S256":
		fail("invalid_request", "transform algorithm not supported: code_challenge_method must be S256")
	// RFC 7636 §4.2: BASE64URL(SHA256(code_verifier)), 43 characters.
	case !validChallenge(q.Get("code_challenge")):
		fail("invalid_request", "code_challenge is not the base64url of a SHA-256 hash (RFC 7636 §4.2)")
	default:
		p.approve(w, q, redirect, given, mode, state, fail)
	}
}

// approve issues a code for the logged-in user.
func (p *Provider) approve(w http.ResponseWriter, q url.Values, redirect string, given bool, mode, state string, fail func(code, description string)) {
	openid := !p.cfg.plain && slices.Contains(strings.Fields(q.Get("scope")), "openid")
	nonce := q.Get("nonce")
	// OpenID Connect Core §3.1.2.1 makes nonce optional in the code flow;
	// a client should send it (§15.5.2), and this provider insists.
	if openid && nonce == "" {
		fail("invalid_request", "nonce is required by this test provider (OpenID Connect Core §15.5.2)")
		return
	}
	p.mu.Lock()
	subject := p.loggedIn
	code := newToken()
	params := url.Values{"code": {code}}
	if subject != "" {
		p.codes[code] = &grant{
			subject: subject, redirectURI: redirect, redirectGiven: given, scope: q.Get("scope"),
			openid: openid, nonce: nonce, challenge: q.Get("code_challenge"),
			expires: p.now().Add(codeLifetime),
		}
		if p.cfg.appleUser && mode == "form_post" && !p.authorized[subject] {
			params.Set("user", appleUser(p.users[subject]))
		}
		p.authorized[subject] = true
	}
	p.mu.Unlock()
	if subject == "" {
		// RFC 6749 §4.1.2.1: the resource owner denied the request.
		fail("access_denied", "no one is logged in (LogInAs)")
		return
	}
	// RFC 6749 §4.1.2: code and state.
	p.respond(w, redirect, mode, params, state)
}

// appleUser is the "user" field Sign in with Apple posts with a first
// authorization: the name, split at its first space, and the address.
func appleUser(u User) string {
	first, last, _ := strings.Cut(u.Name, " ")
	var v struct {
		Name struct {
			FirstName string `json:"firstName,omitempty"`
			LastName  string `json:"lastName,omitempty"`
		} `json:"name"`
		Email string `json:"email,omitempty"`
	}
	v.Name.FirstName, v.Name.LastName, v.Email = first, last, u.Email
	b, _ := json.Marshal(v) // cannot fail
	return string(b)
}

// respond sends the authorization response to the client's redirect URI:
// a 302 with the parameters in the query (RFC 6749 §4.1.2), or with
// form_post an HTML page that posts them (OAuth 2.0 Form Post Response
// Mode §2). state comes back when the request had one, and iss as RFC 9207
// §2 says (not in the plain OAuth mode, as GitHub does not).
func (p *Provider) respond(w http.ResponseWriter, redirect, mode string, params url.Values, state string) {
	if state != "" {
		params.Set("state", state)
	}
	if !p.cfg.plain {
		params.Set("iss", p.Issuer())
	}
	w.Header().Set("Cache-Control", "no-store")
	if mode == "form_post" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var fields []formField
		for _, k := range sortedKeys(params) {
			fields = append(fields, formField{k, params.Get(k)})
		}
		formPost.Execute(w, struct {
			Action template.URL
			Fields []formField
		}{template.URL(redirect), fields})
		return
	}
	sep := "?"
	if strings.Contains(redirect, "?") {
		// RFC 6749 §3.1.2: the redirect URI's own query is kept.
		sep = "&"
	}
	w.Header().Set("Location", redirect+sep+params.Encode())
	w.WriteHeader(http.StatusFound)
}

type formField struct{ Name, Value string }

// formPost is the auto-submitting page of OAuth 2.0 Form Post Response
// Mode §2, as Apple sends it.
var formPost = template.Must(template.New("form_post").Parse(`<!DOCTYPE html>
<html><head><title>Submit This Form</title></head>
<body onload="document.forms[0].submit()">
<form method="post" action="{{.Action}}">
{{range .Fields}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<noscript><button type="submit">Continue</button></noscript>
</form>
</body></html>
`))

// validChallenge reports whether c is the unpadded base64url of 32 bytes.
func validChallenge(c string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(c)
	return err == nil && len(b) == 32 && !strings.ContainsAny(c, "\r\n")
}

func sortedKeys(v url.Values) []string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
