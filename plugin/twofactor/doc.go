// Package twofactor is the second-factor plugin: authenticator apps
// (TOTP, RFC 6238), codes mailed to a verified address or texted to a
// verified phone number, single-use
// recovery codes, and the factors of other plugins (a passkey) through
// [Challenger].
//
// # Configuration
//
// [New] offers authenticator apps and recovery codes and, by the default
// [Policy] [EveryFirstFactor], asks for a second factor after every
// sign-in of a user who enrolled one but a passkey's (a password, a link,
// a code, a provider account alike). [WithPolicy] decides per
// credential kind, per user or per risk signal; [RequireEnrolment] makes
// a factor mandatory; [WithEmailCodes] adds mailed codes (with the email
// plugin); [WithTextCodes] adds texted codes (with the phone plugin, or
// any plugin that provides the "sms" channel and "phone" identities); [WithTrustDevice] lets a browser skip the factor for a while;
// [WithLockout] sets how many wrong codes end a pending session and lock
// an account; [WithSecretKeys] seals the stored authenticator keys.
//
// # Routes
//
// Under the handler's prefix: POST /two-factor/enrol and
// /two-factor/confirm (an enrolment from a fresh session, confirmed by a
// first code), POST /two-factor/verify and /two-factor/send-code (the
// pending session's challenge), GET /two-factor/factors, POST
// /two-factor/remove and /two-factor/recovery-codes (fresh session).
// Each is also a Go method: [Plugin.Enrol], [Plugin.Confirm],
// [Plugin.Verify], [Plugin.SendCode], [Plugin.List], [Plugin.Remove],
// [Plugin.RegenerateRecoveryCodes].
//
// # Pending sessions
//
// A sign-in that needs a second factor starts a session as usual, which
// the plugin marks pending in its data ("twoFactorPending", with the
// methods it may pass) before it is stored, with a short lifetime (10
// minutes). The plugin's session check reads the mark with the session,
// at no extra query, and refuses a pending session everything but
// passing the factor and signing out, with [ErrSecondFactorRequired]:
// on Sesame's routes and, through authhttp.Middleware's admission, on the
// host's own. Passing the factor replaces the pending session with a new
// one (the pending token stops working), which records the method under
// "secondFactor".
//
// # Storage
//
// auth_two_factor ([Factors]), auth_two_factor_recovery
// ([RecoveryCodes], SHA-256 of 80-bit codes), auth_two_factor_attempt
// ([Attempts]) and auth_two_factor_device ([Devices]), and the column
// two_factor_enabled on the user table ([Enabled]). Codes mailed and
// texted use the core's token table.
//
// # Security
//
// A code's time step is accepted once per factor (RFC 6238 §5.2), by a
// conditional update, so that a code replayed or sent by many requests at
// once passes once; a recovery code likewise. Every verification of a
// user takes the lock of the user's counter of wrong codes first, so that
// lockouts count exactly; counts are kept though the failed operation
// rolls back. Enrolling needs a fresh session and is told to the user's
// verified addresses; removing a factor needs one too, tells the
// addresses, and is an account-security event
// ([auth.SecondFactorRemoved]) that ends the user's other sessions,
// pending flows and trusted browsers, as every other account-security
// event forgets trusted browsers. Authenticator keys and recovery codes
// are shown once, as [auth.Shown], which prints "[redacted]" everywhere
// but in the answer's JSON.
package twofactor
