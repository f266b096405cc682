package phone

import (
	"errors"

	"github.com/sesame-go/sesame/auth"
)

// NumberRequest names a number, as typed.
type NumberRequest struct {
	Phone string `json:"phone"`
}

// Validate implements [auth.InputValidator].
func (r NumberRequest) Validate() error { return required("phone", r.Phone) }

// CodeRequest carries a number and the code sent to it.
type CodeRequest struct {
	Phone string      `json:"phone"`
	Code  auth.Secret `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r CodeRequest) Validate() error {
	return errors.Join(required("phone", r.Phone), required("code", r.Code.Reveal()))
}

// SignInRequest signs in with a code sent to a number. Name is the name
// of the account a sign-up code creates; sign-in ignores it.
type SignInRequest struct {
	Phone string      `json:"phone"`
	Code  auth.Secret `json:"code"`
	Name  string      `json:"name,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r SignInRequest) Validate() error {
	if len(r.Name) > 255 {
		return errors.New("name must be at most 255 bytes")
	}
	return errors.Join(required("phone", r.Phone), required("code", r.Code.Reveal()))
}

// ChangeRequest asks to replace one of the caller's numbers with another.
type ChangeRequest struct {
	Phone    string `json:"phone"`
	NewPhone string `json:"newPhone"`
}

// Validate implements [auth.InputValidator].
func (r ChangeRequest) Validate() error {
	return errors.Join(required("phone", r.Phone), required("newPhone", r.NewPhone))
}

// SignedIn is the answer of a sign-in: the user, the session, and whether
// the code created the account. Token is for Go callers; over HTTP it
// travels in the cookie or the Auth-Token header.
type SignedIn struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Created bool          `json:"created"`
	Token   auth.Secret   `json:"-"`
}

// Verified is the answer of a verification: the number now verified.
type Verified struct {
	Phone string `json:"phone"`
}

// Numbers is the caller's numbers.
type Numbers struct {
	Phones []*auth.Identity `json:"phones"`
}

func required(field, v string) error {
	if v == "" {
		return errors.New(field + " is required")
	}
	return nil
}
