package oauth

import (
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// StartRequest starts a sign-in with a provider.
type StartRequest struct {
	// Provider is the provider's name; the route's {provider}.
	Provider string `json:"provider"`
	// ReturnTo is where the browser goes after the sign-in: a relative
	// path, or a URL of the base URL's or a trusted origin. Empty is the
	// success URL ([WithSuccessURL]).
	ReturnTo string `json:"returnTo"`
}

// Started is a started flow: the provider's authorization URL, where the
// browser goes next, and the cookie that binds the flow to the browser.
type Started struct {
	URL string `json:"url"`
	// Cookie must reach the browser along with the redirect; the routes
	// set it, a Go caller sets it with http.SetCookie.
	Cookie *http.Cookie `json:"-"`
}

// CallbackRequest is the provider's authorization response (RFC 6749
// §4.1.2 and §4.1.2.1, RFC 9207 §2), in the query or, with form_post, the
// body.
type CallbackRequest struct {
	Provider string `json:"provider"`
	State    string `json:"state"`
	// Code is the authorization code, an [auth.Secret]: it prints as
	// "[redacted]" and decodes from the query or form as a string does.
	Code             auth.Secret `json:"code"`
	Error            string      `json:"error"`
	ErrorDescription string      `json:"error_description"`
	Iss              string      `json:"iss"`
	// User is what Apple posts with a first authorization: the name.
	User string `json:"user"`
	// Browser is the value of the flow's cookie, for Go callers whose
	// context carries no request; the routes read the cookie.
	Browser auth.Secret `json:"-"`

	result *verified
	fail   error
}

// SignedIn is the outcome of a callback: the person signed in, or the
// provider linked to the signed-in person.
type SignedIn struct {
	User *auth.User `json:"user"`
	// Session and Token are the new session, nil and empty after a link.
	Session *auth.Session `json:"session,omitempty"`
	Token   auth.Secret   `json:"-"`
	// Provider is the provider's name.
	Provider string `json:"provider"`
	// Created is set when the sign-in made a new account, Linked when it
	// linked the provider to an existing one.
	Created bool `json:"created"`
	Linked  bool `json:"linked"`
	// ReturnTo is where the browser is sent.
	ReturnTo string `json:"returnTo"`
}

// ProviderRequest names a provider, for unlink.
type ProviderRequest struct {
	Provider string `json:"provider"`
}

// Validate implements [auth.InputValidator].
func (r ProviderRequest) Validate() error { return required(r.Provider) }

// Validate implements [auth.InputValidator].
func (r StartRequest) Validate() error { return required(r.Provider) }

func required(provider string) error {
	if provider == "" {
		return errors.New("provider is required")
	}
	return nil
}

// Account is one provider account linked to the person.
type Account struct {
	Provider string    `json:"provider"`
	Subject  string    `json:"subject"`
	Email    string    `json:"email,omitempty"`
	Name     string    `json:"name,omitempty"`
	Username string    `json:"username,omitempty"`
	LinkedAt time.Time `json:"linkedAt"`
}

// Accounts lists the caller's linked accounts.
type Accounts struct {
	Accounts []Account `json:"accounts"`
}
