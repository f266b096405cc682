// Package terms keeps which version of the terms each user accepted and
// when, and holds the sessions of a user who has not accepted the current
// version to one task: accepting it (or signing out).
//
// # Configuration
//
//	tm := terms.New("2026-03-01", terms.WithURL("https://acme.example/terms"))
//	a, err := auth.New(..., auth.WithPlugins(mail, pw, tm))
//
// The version is a label of the host's; publishing new terms is changing
// it, and every user is asked again.
//
// # Routes
//
//	GET  /terms          {version, url?, accepted, acceptedVersion?, acceptedAt?}   (a session)
//	POST /terms/accept   {version}                                                  (a session) the same
//
// Their operations are named by [OpGet] and [OpAccept] and run as
// [Plugin.Get] and [Plugin.Accept]. Error codes: terms_not_accepted
// ([ErrTermsNotAccepted], from every other operation and host route of
// such a session), terms_version_not_current ([ErrVersionNotCurrent]),
// impersonation_forbidden, and the core's.
//
// # The session task
//
// A session whose user's accepted version is not the current one may read
// and accept the terms, read itself (GET /session) and sign out
// ([WithAllowed] adds more); everything else, the host's routes behind
// authhttp.Middleware included, answers terms_not_accepted (403). A new
// account is in the same state: the client shows the terms after sign-up
// and accepts them with the new session, a step of its own rather than a
// field of every sign-up. The check reads a column loaded with the user
// and costs no query.
//
// # Storage
//
// Two columns on the user (terms_version, terms_accepted_at: the user's
// JSON has them as termsVersion and termsAcceptedAt) for the session
// check, and auth_terms_acceptance ([Acceptances]), the record of consent:
// every version each user accepted, when and from which IP. Both go with
// the user.
//
// # Security
//
//   - Only the current version can be accepted: a page left open on old
//     terms, or a replayed request, gets terms_version_not_current.
//   - An administrator impersonating a user is not held by the user's
//     task, and cannot accept in the user's name.
//   - Accepting frees every session of the user at once (a session cache
//     is told of the change).
package terms
