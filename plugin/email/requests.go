package email

import (
	"errors"

	"github.com/sesame-go/sesame/auth"
)

// TokenRequest carries a token from a link.
type TokenRequest struct {
	Token auth.Secret `json:"token"`
}

// Validate implements [auth.InputValidator].
func (r TokenRequest) Validate() error { return required("token", r.Token.Reveal()) }

// AddressRequest names an address.
type AddressRequest struct {
	Email string `json:"email"`
}

// Validate implements [auth.InputValidator].
func (r AddressRequest) Validate() error { return required("email", r.Email) }

// ChangeRequest asks to change the primary address.
type ChangeRequest struct {
	NewEmail string `json:"newEmail"`
}

// Validate implements [auth.InputValidator].
func (r ChangeRequest) Validate() error { return required("newEmail", r.NewEmail) }

// CodeSignInRequest signs in with a code sent by email.
type CodeSignInRequest struct {
	Email string      `json:"email"`
	Code  auth.Secret `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r CodeSignInRequest) Validate() error {
	return errors.Join(required("email", r.Email), required("code", r.Code.Reveal()))
}

// Verified is the answer of verify: the address now verified.
type Verified struct {
	Email string `json:"email"`
}

// SignedIn is the answer of a sign-in: the user and the session. Token is
// for Go callers; over HTTP it travels in the cookie or the Auth-Token
// header.
type SignedIn struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
}

// Addresses is the caller's addresses.
type Addresses struct {
	Emails []*auth.Identity `json:"emails"`
}

func required(field, v string) error {
	if v == "" {
		return errors.New(field + " is required")
	}
	return nil
}
