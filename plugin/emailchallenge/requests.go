package emailchallenge

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// StartRequest starts a challenge for an address.
type StartRequest struct {
	// Email is the address to send the link and the code to.
	Email string `json:"email"`
	// ReturnTo is where the browser goes once signed in: a path on the
	// base URL's origin or a URL of a trusted origin. Optional.
	ReturnTo string `json:"returnTo,omitempty"`
	// Bearer asks for the challenge's binding value in the answer, for a
	// client without cookies, which sends it back as "challenge". A
	// browser leaves it unset and is bound by an HttpOnly cookie.
	Bearer bool `json:"bearer,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r StartRequest) Validate() error {
	if r.Email == "" {
		return errors.New("email is required")
	}
	return nil
}

// Started is the answer of Start, the same for every address.
type Started struct {
	// Challenge is the binding value that completes this challenge's
	// sign-in. Go callers keep it; over HTTP it travels in the challenge
	// cookie, or in the body as "challenge" when Bearer was asked.
	Challenge auth.Secret `json:"-"`
	// ExpiresAt is when the link and the code stop working.
	ExpiresAt time.Time `json:"expiresAt"`

	bearer bool
}

// MarshalJSON writes the binding value in the body only for a client that
// asked for it ([StartRequest.Bearer]): a browser's stays in its HttpOnly
// cookie, out of reach of scripts.
func (s Started) MarshalJSON() ([]byte, error) {
	o := startedJSON{ExpiresAt: s.ExpiresAt}
	if s.bearer {
		o.Challenge = s.Challenge.Reveal()
	}
	return json.Marshal(o)
}

// startedJSON is the JSON of [Started].
type startedJSON struct {
	Challenge string    `json:"challenge,omitempty"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// JSONShape implements [auth.JSONShaper]: the JSON's fields, the
// challenge there only for a client that asked for it.
func (Started) JSONShape() any { return startedJSON{} }

// ApproveRequest carries the token of a mailed link, and the caller's own
// challenge binding if it is a client without cookies.
type ApproveRequest struct {
	Token     auth.Secret `json:"token"`
	Challenge auth.Secret `json:"challenge,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r ApproveRequest) Validate() error {
	if r.Token.IsZero() {
		return errors.New("token is required")
	}
	return nil
}

// CodeRequest completes the caller's challenge with the mailed code.
type CodeRequest struct {
	Code auth.Secret `json:"code"`
	// Challenge is the binding value of a client without cookies.
	Challenge auth.Secret `json:"challenge,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r CodeRequest) Validate() error {
	if r.Code.IsZero() {
		return errors.New("code is required")
	}
	return nil
}

// StatusRequest asks about the caller's challenge.
type StatusRequest struct {
	// Challenge is the binding value of a client without cookies.
	Challenge auth.Secret `json:"challenge,omitempty"`
}

// The statuses of a challenge, as [Result] reports them.
const (
	// StatusPending: neither the link nor the code was used yet.
	StatusPending = "pending"
	// StatusApproved: the link was opened in another browser, which is
	// not signed in; the waiting browser is, at its next status call.
	StatusApproved = "approved"
	// StatusSignedIn: this caller is signed in now.
	StatusSignedIn = "signed_in"
)

// Result is the answer of Approve, Code and Status.
type Result struct {
	// Status is StatusPending, StatusApproved or StatusSignedIn.
	Status string `json:"status"`
	// User and Session are set when Status is StatusSignedIn; Token is
	// for Go callers, over HTTP it travels in the cookie or Auth-Token.
	User    *auth.User    `json:"user,omitempty"`
	Session *auth.Session `json:"session,omitempty"`
	Token   auth.Secret   `json:"-"`
	// ReturnTo is the checked return address the challenge was started
	// with, when signed in.
	ReturnTo string `json:"returnTo,omitempty"`
}
