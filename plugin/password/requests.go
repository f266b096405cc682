package password

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// SignUpRequest creates an account, with an email address, a username,
// or both (each needs its plugin in the instance).
type SignUpRequest struct {
	Email    string      `json:"email"`
	Username string      `json:"username"`
	Password auth.Secret `json:"password"`
	Name     string      `json:"name"`

	prep *prepared // computed before the transaction
}

// MaxNameLength is the most characters a name given at sign-up may have.
const MaxNameLength = 200

// Validate implements [auth.InputValidator].
func (r SignUpRequest) Validate() error {
	err := required("password", r.Password.Reveal())
	if r.Email == "" && r.Username == "" {
		err = errors.Join(err, errors.New("email or username is required"))
	}
	if utf8.RuneCountInString(r.Name) > MaxNameLength {
		err = errors.Join(err, fmt.Errorf("name may have at most %d characters", MaxNameLength))
	}
	return err
}

// SignInRequest signs in with an identifier and a password. The
// identifier is one of: Email, an address; Username; or Identifier, of
// the kind named by Kind, or, without Kind, of the first of the plugin's
// kinds ([WithIdentifierKinds]: email, then username) that names someone,
// for a form's single "email or username" field.
type SignInRequest struct {
	Email      string      `json:"email"`
	Username   string      `json:"username"`
	Identifier string      `json:"identifier"`
	Kind       string      `json:"kind"`
	Password   auth.Secret `json:"password"`

	prep *prepared // the outcome of the password check, before the transaction
}

// Validate implements [auth.InputValidator].
func (r SignInRequest) Validate() error {
	var err error
	n := 0
	for _, v := range []string{r.Email, r.Username, r.Identifier} {
		if v != "" {
			n++
		}
	}
	switch {
	case n == 0:
		err = errors.New("email, username or identifier is required")
	case n > 1:
		err = errors.New("give only one of email, username and identifier")
	}
	if r.Kind != "" && r.Identifier == "" {
		err = errors.Join(err, errors.New("kind goes with identifier"))
	}
	return errors.Join(err, required("password", r.Password.Reveal()))
}

// ForgotRequest asks for a reset link.
type ForgotRequest struct {
	Email string `json:"email"`
}

// Validate implements [auth.InputValidator].
func (r ForgotRequest) Validate() error { return required("email", r.Email) }

// ResetRequest sets a new password with a reset link's token.
type ResetRequest struct {
	Token    auth.Secret `json:"token"`
	Password auth.Secret `json:"password"`

	prep *prepared
}

// Validate implements [auth.InputValidator].
func (r ResetRequest) Validate() error {
	return errors.Join(required("token", r.Token.Reveal()), required("password", r.Password.Reveal()))
}

// ChangeRequest changes the caller's password.
type ChangeRequest struct {
	CurrentPassword auth.Secret `json:"currentPassword"`
	NewPassword     auth.Secret `json:"newPassword"`

	prep *prepared
}

// Validate implements [auth.InputValidator].
func (r ChangeRequest) Validate() error {
	return errors.Join(required("currentPassword", r.CurrentPassword.Reveal()), required("newPassword", r.NewPassword.Reveal()))
}

// SetPasswordRequest gives a user a password: the input of
// [Plugin.SetPassword].
type SetPasswordRequest struct {
	UserID   string      `json:"userId"`
	Password auth.Secret `json:"password"`

	prep *prepared
}

// Validate implements [auth.InputValidator].
func (r SetPasswordRequest) Validate() error {
	return errors.Join(required("userId", r.UserID), required("password", r.Password.Reveal()))
}

// SignedIn is a sign-in's answer: the user and the session. Token is for
// Go callers; over HTTP it travels in the cookie or the Auth-Token header.
type SignedIn = email.SignedIn

// SignUpResult is a sign-up's answer: [StatusVerificationSent] for a
// sign-up with an address, the same whether the address was new or taken
// (a verification link, or, for a taken address, a notice to its holder,
// is on its way); [StatusCreated] for one with a username alone.
type SignUpResult struct {
	Status string `json:"status"`
}

func required(field, v string) error {
	if v == "" {
		return errors.New(field + " is required")
	}
	return nil
}
