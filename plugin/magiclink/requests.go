package magiclink

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// SendRequest asks for a link.
type SendRequest struct {
	// Email is the address to send the link to.
	Email string `json:"email,omitempty"`
	// Phone is the number to text the link to, instead of an address:
	// with the phone plugin in the instance.
	Phone string `json:"phone,omitempty"`
	// ReturnTo is where the browser goes once signed in: a path on the
	// base URL's origin or a URL of a trusted origin. Optional.
	ReturnTo string `json:"returnTo,omitempty"`
	// Name is the new account's name, when the link creates one
	// ([WithSignUp]). Optional.
	Name string `json:"name,omitempty"`
}

// MaxNameLength is the most characters a name given for sign-up may have.
const MaxNameLength = 200

// Validate implements [auth.InputValidator].
func (r SendRequest) Validate() error {
	var err error
	if (r.Email == "") == (r.Phone == "") {
		err = errors.New("exactly one of email and phone is required")
	}
	if utf8.RuneCountInString(r.Name) > MaxNameLength {
		err = errors.Join(err, fmt.Errorf("name may have at most %d characters", MaxNameLength))
	}
	return err
}

// identifier returns the kind and the raw value of the identifier the
// link goes to.
func (r SendRequest) identifier() (kind, raw string) {
	if r.Phone != "" {
		return phone.Kind, r.Phone
	}
	return email.Kind, r.Email
}

// SignInRequest carries the token of a link.
type SignInRequest struct {
	Token auth.Secret `json:"token"`
}

// Validate implements [auth.InputValidator].
func (r SignInRequest) Validate() error {
	if r.Token.IsZero() {
		return errors.New("token is required")
	}
	return nil
}

// SignedIn is the answer of a sign-in: the user, the session, and where
// to go next. Token is for Go callers; over HTTP it travels in the cookie
// or the Auth-Token header.
type SignedIn struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
	// ReturnTo is the checked return address the link was asked with, as
	// an absolute URL, or "".
	ReturnTo string `json:"returnTo,omitempty"`
	// Created is set when the link created the account.
	Created bool `json:"created"`
}
