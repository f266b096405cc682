package oauthtest

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// bearer returns the user an access token in the Authorization header
// stands for (RFC 6750 §2.1), and its scope. GitHub also takes the
// "token" scheme.
func (p *Provider) bearer(r *http.Request) (User, string, bool) {
	scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if !strings.EqualFold(scheme, "Bearer") && !(p.cfg.plain && strings.EqualFold(scheme, "token")) {
		return User{}, "", false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	is := p.access[tok]
	if is == nil || !p.now().Before(is.expires) {
		return User{}, "", false
	}
	u, ok := p.users[is.subject]
	return u, is.scope, ok
}

// userinfo is the UserInfo endpoint (OpenID Connect Core §5.3): the
// user's claims (§5.1), whatever the scopes.
func (p *Provider) userinfo(w http.ResponseWriter, r *http.Request) {
	u, _, ok := p.bearer(r)
	if !ok {
		// RFC 6750 §3.1.
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"}, "application/json")
		return
	}
	claims := map[string]any{"sub": u.Subject, "email_verified": u.EmailVerified}
	if p.cfg.appleUser {
		u.Name, u.Picture, u.Username = "", "", ""
	}
	for k, v := range map[string]string{"email": u.Email, "name": u.Name, "picture": u.Picture, "preferred_username": u.Username} {
		if v != "" {
			claims[k] = v
		}
	}
	writeJSON(w, http.StatusOK, claims, "application/json")
}

// githubUnauthorized answers as GitHub's REST API does without valid
// credentials.
func githubUnauthorized(w http.ResponseWriter) {
	writeJSON(w, http.StatusUnauthorized, map[string]string{
		"message":           "Bad credentials",
		"documentation_url": "https://docs.github.com/rest",
	}, "application/json; charset=utf-8")
}

// githubUser is GitHub's GET /user: the authenticated user's profile.
func (p *Provider) githubUser(w http.ResponseWriter, r *http.Request) {
	u, _, ok := p.bearer(r)
	if !ok {
		githubUnauthorized(w)
		return
	}
	id, _ := strconv.ParseInt(u.Subject, 10, 64)
	var email, name any
	if u.Email != "" {
		email = u.Email
	}
	if u.Name != "" {
		name = u.Name
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "login": u.Username, "name": name, "email": email, "avatar_url": u.Picture, "type": "User",
	}, "application/json; charset=utf-8")
}

// githubEmails is GitHub's GET /user/emails: the user's addresses with
// their primary and verified flags. Like GitHub, it answers 404 to a token
// without the user or user:email scope.
func (p *Provider) githubEmails(w http.ResponseWriter, r *http.Request) {
	u, scope, ok := p.bearer(r)
	if !ok {
		githubUnauthorized(w)
		return
	}
	scopes := strings.FieldsFunc(scope, func(r rune) bool { return r == ' ' || r == ',' })
	if !slices.Contains(scopes, "user:email") && !slices.Contains(scopes, "user") {
		writeJSON(w, http.StatusNotFound, map[string]string{
			"message":           "Not Found",
			"documentation_url": "https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user",
		}, "application/json; charset=utf-8")
		return
	}
	type email struct {
		Email      string  `json:"email"`
		Primary    bool    `json:"primary"`
		Verified   bool    `json:"verified"`
		Visibility *string `json:"visibility"`
	}
	public := "public"
	emails := []email{}
	if u.Email != "" {
		emails = append(emails, email{u.Email, true, u.EmailVerified, &public})
	}
	for _, e := range u.OtherEmails {
		emails = append(emails, email{e.Address, false, e.Verified, nil})
	}
	writeJSON(w, http.StatusOK, emails, "application/json; charset=utf-8")
}
