// Package passkey is Sesame's passkey plugin: people register passkeys
// (WebAuthn discoverable credentials) and sign in with them, without a
// username, as a first factor, or from the browser's autofill. It builds
// on [github.com/go-webauthn/webauthn], which checks the WebAuthn
// ceremonies; the plugin keeps the challenges, the credentials and the
// account rules.
//
// # Configuration
//
//	pk := passkey.New() // relying party ID: the base URL's host
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://example.com/auth"),
//		auth.WithPlugins(email.New(email.WithSender(s)), pk))
//
// The relying party ID, the domain passkeys are bound to, is the base
// URL's host unless [WithRPID] names a parent domain of it; the origins
// whose pages run the WebAuthn calls are the base URL's unless
// [WithOrigins] lists others, each one the instance trusts
// (auth.WithTrustedOrigins). auth.New refuses a combination no browser
// accepts: an ID that is an IP address or a public suffix, an origin that
// is not a secure context (https, or http on localhost), or one whose host
// is not the ID or under it.
//
// User verification (a PIN or biometric on the authenticator) is
// required by default, at registration and sign-in; [WithUserVerification]
// relaxes it. [WithChallengeTTL] (5 minutes), [WithMaxPasskeys] (20),
// [WithRPName], [WithUserNames] and [WithSignCountRegressionAllowed] set
// the rest.
//
// # Routes
//
//	POST /passkey/register/options  {}                         {publicKey}          (fresh session)
//	POST /passkey/register          {credential, name}         {passkey}            (fresh session)
//	POST /passkey/sign-in/options   {mediation, bearer}        {publicKey, mediation, flow} and a cookie
//	POST /passkey/sign-in           {credential, flow}         {user, session, passkey} and the session
//	GET  /passkey/list                                         {passkeys: [...]}     (signed in)
//	POST /passkey/rename            {id, name}                 {}                    (signed in)
//	POST /passkey/remove            {id}                       {}                    (fresh session)
//	POST /passkey/second-factor/options {bearer}               {publicKey, flow}     (pending session)
//	POST /passkey/second-factor     {credential, flow}         {user, session, passkey} and the session
//
// The last two pass the second factor of a session the twofactor plugin
// holds pending ([twofactor.Challenger]): the challenge lists the user's
// own passkeys, asks no user verification by default
// ([WithSecondFactorVerification]), and the pass replaces the session. A
// passkey passes a second factor that an own factor of the twofactor
// plugin turned on; registering one does not turn it on.
//
// publicKey is the argument of navigator.credentials.create or .get, its
// binary fields (challenge, user.id, credential IDs) as base64url strings
// the page decodes; credential is the browser's answer as JSON with its
// binary fields in base64url (what PublicKeyCredential.toJSON returns).
// Sign-in options with mediation "conditional" serve the autofill of an
// input marked autocomplete="username webauthn". Their operations are
// named by [OpRegisterOptions], [OpRegister], [OpSignInOptions],
// [OpSignIn], [OpList], [OpRename] and [OpRemove]; the typed Go calls are
// the Plugin's methods.
//
// Error codes: invalid_passkey, invalid_registration, invalid_challenge,
// passkey_exists, too_many_passkeys, passkey_not_found,
// last_sign_in_method, and the core's.
//
// # Storage
//
// Each passkey is an identity of kind [Kind] in auth_identity, verified,
// whose value is [CredentialKey] of its credential ID, and a row of
// auth_passkey ([Passkeys]) with the same ID: the credential record
// (public key, signature counter, backup flags, transports, AAGUID, the
// user handle), its name, when it was made and last used. A person's
// passkeys share one random user handle. Challenges are tokens of the
// core's auth_token table, of purpose "passkey.register" or
// "passkey.signIn", stored as hashes.
//
// # Security
//
// A challenge is single-use: the conditional update of the token table
// decides the one request that spends it, under any concurrency, and a
// refused answer leaves it unspent. A sign-in challenge is bound to the
// browser that asked for it by an HttpOnly cookie (for a client that sets
// bearer, by the flow value it must send back); a registration challenge
// to the person and the session that asked for it. A challenge of one
// ceremony never completes another.
//
// A passkey is a way into the account, and is treated like any other:
// registering one needs a session made within the fresh age, and, being a
// verified identity, is told to every verified address of the account
// with a link that removes it again; removing one needs a fresh session,
// ends the person's other sessions and pending flows
// (auth.IdentityRemoved), and is refused when no other verified sign-in
// identity would be left (another passkey, a verified address, a linked
// provider account). Rename and remove act only on the caller's own
// passkeys.
//
// Sign-in is discoverable: the options name no account, so they tell
// nothing of who has passkeys, and the answer's user handle must be the
// passkey holder's (WebAuthn §7.2 step 6). A signature counter that does
// not go up is [EventSignCountRegressed] and, by default, a refused
// sign-in; a backup state that changes is [EventBackupStateChanged].
package passkey
