package captcha

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Verifier asks a captcha provider whether a response token is good.
// [Turnstile], [HCaptcha] and [ReCAPTCHA] verify through their providers'
// siteverify APIs; implement it for any other provider.
type Verifier interface {
	// Verify returns the provider's verdict on token, solved by the client
	// at remoteIP ("" when unknown). An error means no verdict could be
	// had (the provider is unreachable, failed or answered something
	// malformed): the plugin then refuses the call with [ErrUnavailable].
	// Verify runs under the plugin's timeout ([WithTimeout]).
	Verify(ctx context.Context, token auth.Secret, remoteIP string) (*Verdict, error)
}

// Verdict is a provider's answer about a token. The plugin checks every
// field it sets; a Verifier leaves unset what its provider does not say.
type Verdict struct {
	// Success is the provider's verdict on the token itself.
	Success bool
	// ErrorCodes are the provider's reasons for a failure, such as
	// "timeout-or-duplicate". Codes that blame the site's configuration
	// rather than the token ([ConfigErrorCodes]) make the plugin answer
	// [ErrUnavailable] and log them.
	ErrorCodes []string
	// Hostname is the site the captcha was solved on; it must be one of
	// the expected hostnames ([WithHostnames]).
	Hostname string
	// ChallengeTS is when the captcha was solved; it must be at most the
	// maximum age old ([WithMaxAge]). A success without it is malformed.
	ChallengeTS time.Time
	// Action is the action the widget declared (Turnstile, reCAPTCHA v3),
	// checked against the operation's expected action ([WithAction]).
	Action string
	// Score is reCAPTCHA v3's score, from 0.0 (a bot) to 1.0 (a person);
	// nil for providers without one. [WithMinScore] sets the threshold.
	Score *float64
}

// ConfigErrorCodes are provider error codes that blame the site, not the
// client's token: a missing or wrong secret, a site key that does not go
// with the secret, a request the provider could not read, or a failure of
// the provider itself. The plugin answers them with [ErrUnavailable].
var ConfigErrorCodes = []string{
	"missing-input-secret", "invalid-input-secret", "bad-request", "internal-error",
	"sitekey-secret-mismatch", "invalid-remoteip", "missing-remoteip",
}
