package handoff

import (
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// MaxReturnToLength is the longest returnTo a start takes.
const MaxReturnToLength = 2048

// StartRequest starts a handoff of the caller's session. Every field is
// optional.
type StartRequest struct {
	// CodeChallenge is the S256 code challenge of a verifier the receiving
	// client keeps (RFC 7636 code_challenge; see [Challenge]): only a
	// redemption with that verifier succeeds.
	CodeChallenge string `json:"codeChallenge,omitempty"`
	// CodeChallengeMethod must be "S256" ([MethodS256]) when CodeChallenge
	// is set (RFC 7636 code_challenge_method; "plain" is refused).
	CodeChallengeMethod string `json:"codeChallengeMethod,omitempty"`
	// ReturnTo is where the receiving browser goes once signed in: a path
	// on the base URL's origin or a URL of a trusted origin.
	ReturnTo string `json:"returnTo,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r StartRequest) Validate() error {
	var err error
	switch {
	case r.CodeChallenge == "" && r.CodeChallengeMethod != "":
		err = errors.New("codeChallengeMethod needs a codeChallenge")
	case r.CodeChallenge != "" && r.CodeChallengeMethod != MethodS256:
		err = errors.New(`codeChallengeMethod must be "S256"`)
	case r.CodeChallenge != "" && !validChallenge(r.CodeChallenge):
		err = errors.New("codeChallenge must be the unpadded base64url of a SHA-256 (43 characters)")
	}
	if len(r.ReturnTo) > MaxReturnToLength {
		err = errors.Join(err, errors.New("returnTo is too long"))
	}
	return err
}

// Started is a handoff token for the starting client to pass to the
// receiving one. It works once, until ExpiresAt.
type Started struct {
	// Token is shown once: it prints "[redacted]" everywhere but in the
	// answer's JSON.
	Token     auth.Shown `json:"token"`
	ExpiresAt time.Time  `json:"expiresAt"`
}

// RedeemRequest redeems a handoff token on the receiving client.
type RedeemRequest struct {
	// Token is the handoff token [Plugin.Start] returned.
	Token auth.Secret `json:"token"`
	// CodeVerifier is the verifier whose challenge the handoff was
	// started with (RFC 7636 code_verifier), and only then.
	CodeVerifier auth.Secret `json:"codeVerifier,omitzero"`
}

// Validate implements [auth.InputValidator].
func (r RedeemRequest) Validate() error {
	var err error
	if r.Token.IsZero() {
		err = errors.New("token is required")
	}
	if !r.CodeVerifier.IsZero() && !validVerifier(r.CodeVerifier.Reveal()) {
		err = errors.Join(err, errors.New("codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~"))
	}
	return err
}

// SignedIn is the answer of a redemption, as of a sign-in: the user and
// the receiving client's new session. Token is for Go callers; over HTTP
// it travels in the cookie or the Auth-Token header.
type SignedIn struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
	// ReturnTo is the checked return address the handoff was started
	// with, as an absolute URL, or "".
	ReturnTo string `json:"returnTo,omitempty"`
}
