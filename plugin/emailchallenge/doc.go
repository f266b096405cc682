// Package emailchallenge is Sesame's email-challenge plugin: passwordless
// sign-in by one challenge that a mailed link and a mailed code both
// complete. Whichever is used first wins and the other is then dead, and
// either signs in the browser that asked, never another: a link opened on
// a phone completes the challenge and the phone shows "return to your
// other window", whose next status call is signed in.
//
// # Configuration
//
//	mail := email.New(email.WithSender(sender))
//	ec := emailchallenge.New(emailchallenge.WithTTL(10 * time.Minute))
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, ec))
//	mux.Handle("/auth/", authhttp.Handler(a))
//	mux.Handle(emailchallenge.LinkPath, ec.ConfirmPage())
//
// The message is the email plugin's template "email-challenge"
// ([PurposeChallenge]), which sees Link and Code.
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /email-challenge/start    {email, returnTo?, bearer?}   {expiresAt, challenge?} and the challenge cookie
//	POST /email-challenge/approve  {token, challenge?}           {status: approved | signed_in, ...}
//	POST /email-challenge/code     {code, challenge?}            {status: signed_in, user, session, returnTo}
//	POST /email-challenge/status   {challenge?}                  {status: pending | signed_in, ...}
//
// Their operations are named by [OpStart], [OpApprove], [OpCode] and
// [OpStatus]. A browser is bound to its challenge by an HttpOnly cookie
// ([Plugin.CookieName]); a client without cookies asks with bearer: true
// and sends the returned challenge value back. Signed-in answers set the
// session cookie, or the Auth-Token header in bearer mode. Error codes:
// invalid_return_to, invalid_token_or_expired, invalid_code,
// too_many_attempts, challenge_invalid ([ErrChallengeInvalid]), and the
// core's.
//
// # Storage
//
// auth_email_challenge ([Challenges]) holds one row per challenge: the
// SHA-256 of the browser's binding value, the person (none for an
// address that names nobody), the return address, the expiry and when it
// was completed. The link, the code and the claim of the session are
// auth_token rows bound to the person and the address's identity; the
// claim token's secret is the binding value itself. auth.Auth.Sweep drops
// rows past their expiry and [ClaimWindow].
//
// # Security
//
//   - One winner: the link and the code each complete the challenge by a
//     conditional update of its row; the first wins on every engine, and
//     the other then answers invalid.
//   - Browser binding: only the holder of the binding value collects the
//     session, by using up the challenge's claim token once; a link opened
//     elsewhere signs nobody in there. A code is entered in the waiting
//     browser, which sends its binding with it.
//   - Start answers alike (status, body, cookie, time) whatever the
//     address: an unknown or unverified one gets a challenge too, with a
//     code that is never mailed and counts wrong tries alike, and that
//     never completes. Only verified addresses are mailed ([auth.Call.WhoIs]).
//   - The link, the code and the claim name the person and the identity:
//     an account-security event (a password reset ...) or the address's
//     leaving the account ends the challenge, even after its link was used.
//   - Codes allow 5 wrong tries; Start is limited per IP and per address,
//     Code per IP and challenge, Status ([PollRate]) too.
//   - Opening a link changes nothing; only the POST of its token counts.
package emailchallenge
