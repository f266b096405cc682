// Package invite is invitations: codes that let people sign up, single-
// or multi-use, expiring, optionally bound to one address, with a record
// of who used each; and, with [WithRequired], invite-only sign-up on
// every sign-up path of every plugin at once.
//
// # Configuration
//
//	inv := invite.New(
//		invite.WithRequired(),                // sign-up is invite-only
//		invite.WithTTL(7*24*time.Hour),       // the default life of an invitation
//		invite.WithAuthorizer(onlyStaff),     // who may invite; by default every signed-in user
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, pw, magiclink.New(magiclink.WithSignUp(true)), inv))
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /invite/create  {maxUses?, expiresAt?, email?}  {invitation, code}   (a fresh session; the code is shown once)
//	GET  /invite/list                                    {invitations}        (a session; the caller's, with usedBy)
//	POST /invite/revoke  {id}                            the invitation       (a session; the caller's own)
//	POST /invite/accept  {code}                          {email?, expiresAt}  and a cookie holding the code
//
// Their operations are named by [OpCreate], [OpList], [OpRevoke] and
// [OpAccept], run as [Plugin.Create], [Plugin.List], [Plugin.Revoke] and
// [Plugin.Accept]; [Plugin.Issue] ([OpIssue]) is the host's server call
// that makes an invitation with no inviting user.
//
// # How a code reaches a sign-up
//
// Sign-up requests carry no code: the plugin's guard
// ([auth.UserCreationGuard]) finds it wherever an account is being made,
// so that it holds for every path, including redirects that cannot carry
// a field (a provider's callback). A browser accepts the code first
// (POST /invite/accept, from the page a link in the invitation opens); the
// answer sets an HttpOnly, SameSite=Lax cookie holding it (__Host-
// prefixed on https) for [WithCookieTTL], and the browser's next sign-up
// of any kind uses it: a password sign-up, a magic link or phone code
// opened in that browser, a provider's callback. A used code's cookie is
// cleared. A host's own Go code passes the code in the context instead
// ([WithCode]); an app without cookies sends the cookie header itself.
//
// Every account an operation makes uses the invitation, in the
// operation's transaction: the use is counted with a conditional update
// (a single-use code raced by many sign-ups makes exactly one account)
// and recorded with the new user ([Invitation.UsedBy]). A failed or
// refused sign-up counts nothing. Without [WithRequired], sign-up stays
// open: a live code is used and recorded, a dead one is ignored.
//
// Exempt by design are [auth.Auth.CreateUser] and the admin plugin's
// create-user: there the host, or an administrator it authorized, decides
// who gets an account; and the anonymous plugin's sign-in, which makes a
// guest, not an account. A guest becoming an account (a sign-up from the
// guest's session, or an identity the guest gains some other way) needs
// an invitation as anyone does. [WithExempt] adds other operations.
//
// Error codes, from any operation that makes an account:
// invitation_required ([ErrInvitationRequired]), invitation_invalid
// ([ErrInvitationInvalid]: unknown, used up, revoked and expired answer
// alike), invitation_email_mismatch ([ErrInvitationEmail]); from create,
// invitation_not_allowed ([ErrNotAllowed]); from revoke,
// invitation_not_found ([ErrInvitationNotFound]).
//
// # Storage
//
// auth_invitation ([Invitations]) keeps each invitation with the SHA-256
// of its code, never the code; auth_invitation_use ([Uses]) who used it.
// Both go with the inviting user's account; a use goes with its account
// while the count stays. [Plugin.Sweep] deletes invitations expired more
// than [Retention] ago.
//
// # Security
//
//   - A code is 32 random bytes; only its hash is stored, and looked up by
//     its hash as sessions are. Codes print "[redacted]" ([auth.Secret],
//     [auth.Shown]).
//   - An invitation bound to an address ([CreateRequest.Email]) is used
//     only by a sign-up that ends with that address verified: a magic
//     link or code, or a provider that vouches for it. An address typed
//     into a form is a claim, so a password sign-up cannot use one.
//   - Password sign-up answers alike for a taken address and a new one.
//     Were the invitation checked only when an account is made, its
//     refusal would tell them apart; it is checked before such sign-ups
//     run ([WithSignUpOperations]) in invite-only mode, and with
//     invitations optional they ignore an address-bound invitation (which
//     they could not use) rather than refuse only new addresses. They
//     clear the browser's accepted code on every answer.
//   - Accepting puts a code in the browser: it passes the CSRF origin
//     check, so no other site can plant one, and is rate limited like a
//     credential check.
//   - Every account-security event of a user (a password changed or
//     reset, an identifier changed or removed, a sign-out everywhere, a
//     second factor removed, a ban) revokes their open invitations: a
//     thief's session, ended by the owner's password change, leaves no
//     invitation behind. Creating one needs a fresh session that no
//     administrator impersonates.
package invite
