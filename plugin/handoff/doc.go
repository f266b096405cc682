// Package handoff hands a signed-in session to another client: a desktop
// app opens the browser signed in, a browser signs in the phone app. The
// handing client asks for a single-use token, valid 3 minutes, and
// passes it on; the receiving client redeems it for a session of its
// own, never a copy of the handing one.
//
// # Configuration
//
//	ho := handoff.New(
//		handoff.WithTTL(3*time.Minute),     // the default; at most 10 minutes
//		handoff.WithRequiredChallenge(),    // only for receivers that all keep a code verifier
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, pw, tf, ho)) // handoff after twofactor: see Security
//	mux.Handle("/auth/", authhttp.Handler(a))
//	mux.Handle(handoff.LinkPath, ho.ReceivePage()) // for browsers that receive a handoff
//
// The plugin signs nobody in by itself: it hands on sessions that other
// plugins started, so an instance needs a sign-in method besides it.
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /handoff/start   {codeChallenge?, codeChallengeMethod?, returnTo?}   {token, expiresAt}       (a session)
//	POST /handoff/redeem  {token, codeVerifier?}                              {user, session, returnTo} and the cookie or Auth-Token
//
// Their operations are named by [OpStart] and [OpRedeem], and run as
// [Plugin.Start] and [Plugin.Redeem]. A redemption answers like a
// sign-in: over HTTP the new session's token goes in the cookie, or in
// the Auth-Token header when the receiving client sends
// Auth-Token-Mode: bearer; Go callers find it in [SignedIn].
//
// Two flows:
//
//   - Desktop app to browser: the app starts a handoff with its bearer
//     session and opens {origin}/handoff?token=... ([LinkPath]) in the
//     browser; [Plugin.ReceivePage] shows a button whose POST redeems the
//     token, sets the cookie and goes to returnTo.
//   - Browser to phone app, with a code verifier (RFC 7636, S256 only):
//     the receiving app makes a verifier ([NewVerifier]) and keeps it, and
//     gives the signed-in browser its challenge ([Challenge]), for example
//     by opening https://acme.example/hand-to-app?codeChallenge=... The
//     browser's page starts the handoff with that codeChallenge and
//     codeChallengeMethod "S256" and sends the token back to the app
//     (acme://handoff?token=...); the app redeems it with codeVerifier. An
//     app that intercepts the token (another app claiming the URL scheme)
//     lacks the verifier: its redemption fails and uses the token up.
//     The receiving client cannot start the handoff itself, having no
//     session: the challenge always travels through the starting client.
//
// A verifier must be sent exactly when the handoff has a challenge: a
// wrong one, a missing one, or one sent for a handoff without a challenge
// answers invalid_code_verifier ([ErrInvalidCodeVerifier]) and uses the
// token up. Error codes: code_challenge_required
// ([ErrCodeChallengeRequired], with [WithRequiredChallenge]),
// invalid_return_to ([ErrInvalidReturnTo]), invalid_token_or_expired
// ([auth.ErrTokenInvalid]), invalid_code_verifier, and the core's
// (invalid_input for a malformed challenge, method or verifier).
//
// # Storage
//
// No table of its own: a handoff is an auth_token row (the token's
// SHA-256) of purpose handoff.session, bound to the user and to the
// handing session, with the handing session's ID and creation time, its
// impersonator, the code challenge and the return address as data.
//
// # Security
//
//   - A token works once under any concurrency (the core's conditional
//     update), for 3 minutes, and never past the handing session's
//     expiry at the time it was issued. Its purpose is checked by the
//     consuming update: no other token of the table passes for it.
//   - It is bound to the user and to the handing session: signing that
//     session out or revoking it ends the token, and so does every
//     account-security event of the user (a password reset or change, an
//     address change, signing out everywhere ...), even one made from the
//     handing session itself, which the core would spare: the plugin ends
//     its tokens in [auth.AccountObserver].
//   - Starting needs a session that passes every session check: a
//     session waiting for its second factor, or blocked by any other
//     check, cannot start a handoff.
//   - The receiving client gets a session of its own (credential
//     "handoff"), never the handing session's token, and no fresher than
//     the handing session: the plugin's [auth.SessionStarter] sets its
//     CreatedAt to the handing session's, so a handoff of a stale session
//     cannot change credentials (fresh-session operations refuse it), and
//     the absolute lifetime counts from the first sign-in. The plugin must
//     be listed after every other session starter ([Plugin.Validate]
//     says so), so that they see the session's real start. Its
//     lifetime is the receiving client's own (a cookie's or an app's,
//     under auth.WithSessionPolicy), within that absolute lifetime. An
//     impersonated session hands on its impersonator.
//   - The code verifier is compared through its S256 hash in constant
//     time; "plain" is refused.
//   - Return addresses pass [auth.Auth.RedirectTarget] when the handoff
//     starts.
//   - A link that signs a browser in can sign it into someone else's
//     account (login CSRF) if an attacker gets a victim to open his own
//     handoff link: the receive page's GET changes nothing, its POST
//     passes the origin check, and it cannot be framed; the new session
//     shows the account it belongs to. Receivers that can keep a code
//     verifier should use one.
package handoff
