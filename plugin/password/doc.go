// Package password is Sesame's password plugin: sign-up, sign-in, forgotten
// and changed passwords, with argon2id hashes and an optional
// breached-password check. It builds on the plugins of sign-in
// identifiers: the email plugin, whose addresses people sign up and in
// with and whose sender delivers recovery links, and the username plugin,
// whose names people sign up and in with, with an address or without.
//
// # Configuration
//
//	mail := email.New(email.WithSender(sender))
//	pw := password.New(password.WithCommonPasswordCheck(), password.WithBreachCheck(breach.New()))
//	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL(...), auth.WithPlugins(mail, pw))
//
// Passwords are 8 to 128 characters by default ([WithLength]), counted in
// Unicode code points. Sign-in needs a verified address unless
// [WithoutVerification]. [New] is refused by auth.New without a way to
// recover a password (an email sender) unless [WithoutRecovery], and
// without a plugin of identifiers to sign in with: email, username, or the
// kinds named by [WithIdentifierKinds]. An app of usernames and passwords
// has no email plugin:
//
//	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL(...),
//		auth.WithPlugins(username.New(), password.New(password.WithoutRecovery())))
//
// # Routes
//
//	POST /password/sign-up   {email, username, password, name}   {"status":"verification_sent"} ("created" for a username alone)
//	POST /password/sign-in   {email | username | identifier [kind], password}   {user, session} and the cookie or Auth-Token
//	POST /password/forgot    {email}                        a reset link, valid 1 hour
//	POST /password/reset     {token, password}              ends every session of the account
//	POST /password/change    {currentPassword, newPassword}   (fresh session)
//
// Their operations are named by [OpSignUp], [OpSignIn], [OpForgot],
// [OpReset] and [OpChange]. [Plugin.SetPassword] ([OpSetPassword]) is a
// server operation with no route: with auth.Auth.CreateUser it seeds a
// person who can sign in at once.
//
// Error codes: invalid_credentials, email_not_verified,
// password_too_short, password_too_long, password_breached,
// password_check_unavailable, no_password, invalid_password_hash
// (imports), and the core's. [WithCommonPasswordCheck] refuses the most
// common passwords with password_breached and a message of its own.
//
// # Storage
//
// Hashes live in auth_password ([Passwords]), one per user, never in the
// user table, in the PHC string format of package argon2id. A hash made
// with older parameters is replaced at the next successful sign-in, with a
// compare-and-set, so that concurrent sign-ins all succeed.
//
// # Imported hashes
//
// [Plugin.ImportHash] (a server operation, [OpImportHash]) and
// [Plugin.ImportPasswordHash] ([auth.PasswordImporter], for importers
// running in their own operation) store a hash made by another system:
// bcrypt, better-auth's scrypt, Firebase's scrypt ([WithFirebaseScrypt]),
// argon2i or argon2id with other parameters, Django's PBKDF2-SHA256 (see
// package legacy for the formats and the bounds on their work). The person
// signs in with the password they had, and the first successful sign-in
// replaces the hash with the plugin's own.
//
// # Security
//
// A sign-in names a person by an address (email), a username (username) or
// an identifier of a kind it names (kind) or of any of the plugin's kinds,
// tried in order, for a single "email or username" field. Every sign-in
// computes exactly one password hash, against a fixed dummy hash when the
// identifier or its password does not exist, and answers
// invalid_credentials for all of them, with a message that depends on the
// request only; email_not_verified is only told to
// someone who gave the right password. Sign-up of a taken address and
// forgot-password of an unknown one answer exactly like the others, and the
// holder of a taken address gets a notice instead; usernames are public,
// and a sign-up answers username_taken for a taken one before it looks at
// the address. Without the email plugin, forgot answers alike and sends
// nothing. Hashing runs before the
// operation's transaction and under a semaphore (argon2id.WithConcurrency)
// that bounds the memory a burst of sign-ins can take. Reset links are
// single-use, expire, are replaced by newer ones and revoked by a password
// change; a reset ends every session. Passwords are [auth.Secret] values
// and never print.
package password
