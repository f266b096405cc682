package twofactor

import (
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// The methods of second factors.
const (
	// MethodTOTP is an authenticator app's time-based codes (RFC 6238).
	MethodTOTP = "totp"
	// MethodEmail is codes mailed to a verified address ([WithEmailCodes]).
	MethodEmail = "email"
	// MethodSMS is codes texted to a verified phone number
	// ([WithTextCodes]).
	MethodSMS = "sms"
	// MethodRecovery is a single-use recovery code, the way back in when
	// the other factors are lost. It is no factor of its own: a user gets
	// codes with their first factor.
	MethodRecovery = "recovery"
)

// EnrolRequest begins the enrolment of a second factor: an authenticator
// app (MethodTOTP), mailed codes (MethodEmail, to the primary address) or
// texted codes (MethodSMS, to Phone, one of the user's verified numbers
// as typed, or the first of them when Phone is empty). Name tells the
// user's factors apart ("phone", "work laptop").
type EnrolRequest struct {
	Method string `json:"method"`
	Name   string `json:"name,omitempty"`
	Phone  string `json:"phone,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r EnrolRequest) Validate() error {
	if r.Method != MethodTOTP && r.Method != MethodEmail && r.Method != MethodSMS {
		return errors.New(`method must be "totp", "email" or "sms"`)
	}
	if len(r.Name) > 64 || len(r.Phone) > 64 {
		return errors.New("name and phone must be at most 64 bytes")
	}
	if r.Phone != "" && r.Method != MethodSMS {
		return errors.New(`phone goes with method "sms" only`)
	}
	return nil
}

// Enrolment is an enrolment waiting for its first code. For an
// authenticator app it shows the key, once: URI is the otpauth:// URI to
// show as a QR code (rendering it is the page's job), Key the same secret
// in Base32 for typing in. For mailed codes, a code is on its way.
type Enrolment struct {
	FactorID  string     `json:"factorId"`
	Method    string     `json:"method"`
	URI       auth.Shown `json:"uri,omitzero"`
	Key       auth.Shown `json:"key,omitzero"`
	Algorithm string     `json:"algorithm,omitempty"`
	Digits    int        `json:"digits,omitempty"`
	Period    int        `json:"period,omitempty"`
	ExpiresAt time.Time  `json:"expiresAt"`
}

// ConfirmRequest completes an enrolment with its first code.
type ConfirmRequest struct {
	FactorID string      `json:"factorId"`
	Code     auth.Secret `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r ConfirmRequest) Validate() error {
	if r.FactorID == "" || r.Code.IsZero() {
		return errors.New("factorId and code are required")
	}
	return nil
}

// Confirmed is an enrolment's answer: the factor, and with the user's
// first factor, their recovery codes, shown this once.
type Confirmed struct {
	Factor        *Factor      `json:"factor"`
	RecoveryCodes []auth.Shown `json:"recoveryCodes,omitempty"`
}

// VerifyRequest passes the second factor of a pending session: a code of
// a method the session offers. TrustDevice asks to skip the second factor
// on this browser from now on ([WithTrustDevice]).
type VerifyRequest struct {
	Method      string      `json:"method"`
	Code        auth.Secret `json:"code"`
	TrustDevice bool        `json:"trustDevice,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r VerifyRequest) Validate() error {
	if r.Method == "" || r.Code.IsZero() {
		return errors.New("method and code are required")
	}
	if len(r.Code.Reveal()) > 64 {
		return errors.New("code is too long")
	}
	return nil
}

// SendCodeRequest asks for a code of a method that sends one
// (MethodEmail, MethodSMS) for the pending session.
type SendCodeRequest struct {
	Method string `json:"method"`
}

// SignedIn is the answer of a passed second factor: the user and the new
// session, which replaces the pending one. Token is for Go callers; over
// HTTP it travels in the cookie or the Auth-Token header.
type SignedIn = email.SignedIn

// Factor is a confirmed second factor.
type Factor struct {
	ID         string    `json:"id"`
	Method     string    `json:"method"`
	Name       string    `json:"name"`
	CreatedAt  time.Time `json:"createdAt"`
	LastUsedAt time.Time `json:"lastUsedAt,omitzero"`
}

// FactorList is the caller's second factors and how many recovery codes
// are left.
type FactorList struct {
	Enabled           bool      `json:"enabled"`
	Factors           []*Factor `json:"factors"`
	RecoveryCodesLeft int       `json:"recoveryCodesLeft"`
}

// RemoveRequest names one of the caller's factors.
type RemoveRequest struct {
	FactorID string `json:"factorId"`
}

// Validate implements [auth.InputValidator].
func (r RemoveRequest) Validate() error {
	if r.FactorID == "" {
		return errors.New("factorId is required")
	}
	return nil
}

// RecoveryCodeList is a new set of recovery codes, shown this once; the
// earlier codes no longer work.
type RecoveryCodeList struct {
	Codes []auth.Shown `json:"codes"`
}

// Pending is what a session waiting for its second factor keeps in its
// data, under "twoFactorPending": the methods it may pass.
type Pending struct {
	Methods []string `json:"methods"`
}

// Passed is what a session that passed a second factor keeps in its
// data, under "secondFactor": the method, and when.
type Passed struct {
	Method string    `json:"method"`
	At     time.Time `json:"at"`
}

// The keys of the plugin's values in [auth.Session.Data].
const (
	pendingKey = "twoFactorPending"
	passedKey  = "secondFactor"
)
