// Package captcha checks a third-party captcha before sign-up, sign-in,
// password reset and the operations that send sign-in messages, or only
// when a rate rule asks for one: past a rule's challenge threshold
// ([auth.RateRule].Challenge) a call is challenged instead of refused.
// Cloudflare Turnstile, hCaptcha and Google reCAPTCHA (v2, and v3 with a
// score threshold) are verified through their siteverify APIs; any other
// provider plugs in as a [Verifier].
//
// # Configuration
//
//	cp := captcha.New(captcha.Turnstile(auth.NewSecret(os.Getenv("TURNSTILE_SECRET"))),
//		captcha.WithAction(password.OpSignIn, "sign-in"), // the widget's data-action
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, pw, cp))
//
// By default a captcha guards every call of [DefaultOperations];
// [WithOperations] names others and [OnlyWhenDemanded] none, leaving the
// rate rules to ask:
//
//	auth.WithRateLimit(password.OpSignIn, auth.RateRules{
//		IP: auth.RateRule{Limit: 60, Window: time.Minute, Sliding: true, Challenge: 10},
//	})
//
// Past 10 sign-ins a minute from one client, each needs a captcha; past
// 60 they are refused (rate_limited). A rule may also demand a proof of
// work instead (the pow plugin): the pipeline asks every installed
// [auth.Challenger].
//
// The captcha must have been solved on one of the expected hostnames (by
// default the base URL's host, [WithHostnames]), at most 5 minutes ago
// ([WithMaxAge]), for the operation's action when one is set
// ([WithAction]), and with a score of at least [WithMinScore] when set
// (reCAPTCHA v3). Each verification is bounded by [WithTimeout] (5 s) and
// reads at most 64 KiB of answer.
//
// # Routes
//
// None of its own. The client sends the widget's response token with the
// guarded call, in the X-Captcha-Token header ([Header]). Go callers
// pass it with [WithToken]; a server-rendered page that posts a form
// reads the widget's field with [TokenFromForm] and passes it the same
// way. Error codes, from any guarded operation: captcha_required
// ([ErrRequired], 403) for a call without a token, captcha_failed
// ([ErrFailed], 403) for a token the provider refused or that fails a
// check, captcha_unavailable ([ErrUnavailable], 503) when no verdict
// could be had. Guard operations that clients call with fetch or from
// Go: a browser's navigation (a GET such as oauth.start) cannot carry
// the header.
//
// # Storage
//
// None: the provider remembers which tokens were used.
//
// # Security
//
//   - Fail closed: a verify API that errors, times out, answers a status
//     other than 200, malformed JSON, an answer without success or a
//     success without challenge_ts, or refuses the site's own secret,
//     refuses the call with captcha_unavailable; it never lets it through.
//   - Tokens are single-use at the provider (timeout-or-duplicate,
//     already-seen-response): a replayed token answers captcha_failed.
//   - Hostname and action bind a token to the site and the form it was
//     solved for; the age check bounds how long a token solved in bulk
//     stays usable.
//   - The check runs before the operation's transaction, so a slow
//     provider never holds a database lock, and before the operation's
//     own work (no password is hashed for an unsolved captcha). Rate
//     limits run first: a flood of calls is refused before the provider is
//     asked.
//   - The secret is an [auth.Secret] and travels in the POST body, never
//     in a URL; tokens that are not printable ASCII or are over 4096 bytes
//     are refused without asking the provider.
package captcha
