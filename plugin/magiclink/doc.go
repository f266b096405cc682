// Package magiclink is Sesame's magic-link plugin: a single-use,
// short-lived sign-in link mailed to a verified address, and, when the
// host allows it, sign-up through such a link.
//
// # Configuration
//
//	mail := email.New(email.WithSender(sender))
//	ml := magiclink.New(
//		magiclink.WithTTL(15*time.Minute),                  // the default
//		magiclink.WithSignUp(true),                         // unknown addresses get a link that creates the account
//		magiclink.WithLinkBase("https://acme.example"),     // origin of the page links open
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, ml))
//	mux.Handle("/auth/", authhttp.Handler(a))
//	mux.Handle(magiclink.LinkPath, ml.ConfirmPage())
//
// The plugin needs the email plugin with a sender: messages go through
// the email plugin's templates ([PurposeSignIn], [PurposeSignUp], which
// email.WithTemplate replaces) and its delivery.
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /magic-link/send      {email, returnTo?, name?}   {} always
//	POST /magic-link/sign-in   {token}                     {user, session, returnTo, created} and the cookie or Auth-Token
//
// Their operations are named by [OpSend] and [OpSignIn]. Links are
// {link base}/magic-link?token=... ([LinkPath]), a page of the host's:
// [Plugin.ConfirmPage] serves one, whose GET shows a button and whose POST
// signs in and redirects to the return address. Error codes:
// invalid_return_to ([ErrInvalidReturnTo]), invalid_token_or_expired
// ([auth.ErrTokenInvalid]), and the core's.
//
// # Identifiers
//
// A link goes to an email address, or with the phone plugin in the
// instance, by text to a phone number ([SendRequest].Phone): the kind
// travels with the link's token, and the sign-in side never looks at it.
// Every request to a number counts against its calling code's limit
// (phone.CountSend), texted or not.
//
// # Storage
//
// No table of its own: links are auth_token rows (the token's SHA-256),
// of purpose magiclink.signIn or magiclink.signUp, with the address, the
// return address and the sign-up name as data.
//
// # Security
//
//   - Only a verified identity gets a sign-in link ([auth.Call.WhoIs]);
//     another person's unverified claim to an address gets none. With
//     sign-up allowed, an address that names nobody (or only through such a
//     claim) gets a sign-up link: the account is made when it is opened,
//     with the address verified, and the claim is dropped, never joined.
//   - Send answers alike, status, body, headers and time, whatever the
//     address: the message leaves after the answer, or from the outbox
//     with auth.WithOutbox. It is rate-limited per client IP and per
//     normalized address (auth.TightRate).
//   - A sign-in link is bound to its person and to the identity it was
//     sent to: an account-security event (a password reset, an address
//     change ...) ends it, and so does the address's leaving the account.
//     A sign-up link names nobody yet: it is bound to its address, which
//     is checked again when it is opened; if the address came to name a
//     person meanwhile, the link is dead.
//   - Links are single-use under any concurrency, expire (15 minutes) and
//     are replaced by newer ones. Opening a link (a GET) changes nothing:
//     only the POST of its token signs in, so mail scanners that fetch
//     links use nothing up. The token's purpose is checked by the
//     consuming update: no other token passes for a link.
//   - Return addresses pass [auth.Auth.RedirectTarget] when the link is
//     asked for; links are built from configuration, never from a request.
package magiclink
