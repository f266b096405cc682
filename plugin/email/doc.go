// Package email is Sesame's email plugin: addresses as sign-in
// identifiers, verification links, address changes with an undo, several
// addresses per person, and sign-in codes.
//
// # Configuration
//
//	p := email.New(
//		email.WithSender(mySender),           // or &email.LogSender{Writer: os.Stderr} in development
//		email.WithAppName("Acme"),
//		email.WithLinkBase("https://acme.example"),
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL(...), auth.WithPlugins(p, ...))
//
// Messages come from text templates the host can replace with
// [WithTemplate]. Links point at the host's pages: /verify-email and
// /change-email/undo under [WithLinkBase], each with ?token=...; the page
// posts the token to the route below.
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /email/verify        {token}              verify an address, or confirm a change
//	POST /email/resend        {email}              send a new verification link
//	POST /email/change        {newEmail}           (fresh session) change the primary address
//	POST /email/change/undo   {token}              undo a change from the old address's notice
//	POST /email/add           {email}              (session) add an address
//	POST /email/remove        {email}              (fresh session) remove a secondary address
//	POST /email/primary       {email}              (fresh session) make a verified address primary
//	GET  /email/list                               (session) the caller's addresses
//	POST /email/code/send     {email}              mail a 6-digit sign-in code
//	POST /email/code/sign-in  {email, code}        sign in with it
//
// Their operations are named by [OpVerify], [OpResend], [OpChange],
// [OpUndoChange], [OpAdd], [OpRemove], [OpMakePrimary], [OpList],
// [OpSendCode] and [OpSignInWithCode], in this order.
//
// # Storage
//
// Addresses are identities of kind "email" in auth_identity, normalized by
// [Normalize] (trimmed, lower case) and compared byte for byte. The user
// table gains primary_email and email_verified_at ([PrimaryEmail],
// [EmailVerifiedAt]), shown as primaryEmail and emailVerifiedAt in the
// user's JSON. Links and codes are single-use tokens in auth_token.
//
// The primary address follows the identities, however they are given
// (sign-up, a provider's sign-in, auth.Auth.CreateUser, a host's plugin):
// an account that has none takes the first address that is verified or
// that came with the account; see [Plugin.IdentityAdded] and
// [Plugin.IdentityVerified].
//
// # Security
//
// Routes that take an address answer alike whether it has an account:
// resend and code/send quietly do nothing for unknown addresses, and a
// change or addition to another account's address informs that address's
// holder instead. Links expire (24 hours; codes 10 minutes and 5 wrong
// tries) and are replaced by newer ones. A change sends the old address a
// notice whose undo link (7 days) restores it and ends every session.
// Only verified addresses sign in with codes, and another person's
// unverified claim to an address gives way to whoever verifies it.
package email
