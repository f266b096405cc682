// Package oauth signs people in with OpenID Connect and OAuth 2.0
// providers: any OpenID Connect issuer by discovery, plain OAuth 2.0
// servers with a user-info mapper, presets for GitHub, Google,
// Microsoft, GitLab, Discord and Apple, and any [Flow] done by other code
// ([Custom]), such as the goth adapter's
// (github.com/sesame-go/sesame/plugin/oauth/goth).
//
// # Configuration
//
//	oa := oauth.New([]*oauth.Provider{
//		oauth.Google(googleID, googleSecret),
//		oauth.GitHub(githubID, githubSecret),
//		oauth.OIDC("okta", "https://acme.okta.com", oktaID, oktaSecret),
//	}, oauth.WithErrorURL("/sign-in/failed"), oauth.WithTokenKeys(key))
//	a, err := auth.New(..., auth.WithPlugins(email.New(...), oa))
//
// Register {base URL}/oauth/{provider}/callback as the redirect URI at
// each provider. Options: [WithHTTPClient], [WithSuccessURL],
// [WithErrorURL], [WithStateTTL], [WithSkew], [WithTokenKeys]; provider
// options: [WithScopes], [WithAuthParams], [WithIssuer], [WithEndpoints],
// [WithClientSecretPost], [WithFormPost].
//
// A [Custom] provider delegates the authorization URL and the code
// exchange to its [Flow]; the plugin still makes and checks the state,
// its browser binding and the PKCE verifier and nonce it hands the flow,
// and keeps the accounts, linking and the verified-email rule below. The
// flow alone decides UserInfo.EmailVerified, so it must set it only when
// the provider asserts it.
//
// # Routes
//
//	GET      {prefix}/oauth/{provider}/start     302 to the provider; ?returnTo=
//	GET|POST {prefix}/oauth/{provider}/callback  302 to returnTo, signed in
//	POST     {prefix}/oauth/{provider}/link      303 to the provider (fresh session)
//	POST     {prefix}/oauth/{provider}/unlink    {} (fresh session)
//	GET      {prefix}/oauth/accounts             {accounts:[...]} (signed in)
//
// Server-rendered sign-in pages (package authui, or a host's own through
// [authhttp.UIMethod]) show one "Continue with" button per provider,
// in the order given to [New]: [Plugin.UIButtons], each a GET of its start
// route, which a page shows as a link.
//
// The Go methods [Plugin.StartURL], [Plugin.Callback], [Plugin.Link],
// [Plugin.Unlink], [Plugin.Accounts] run the same operations;
// [Plugin.AccessToken] returns a person's provider token, refreshed. The
// operations are named by [OpStart], [OpCallback], [OpCallbackPost],
// [OpLink], [OpUnlink] and [OpAccounts].
//
// A failed callback redirects to [WithErrorURL] with ?error=<code>, or
// without one answers the JSON error: invalid_state, access_denied,
// provider_error, invalid_id_token, account_exists, oauth_account_taken,
// oauth_already_linked.
//
// # Accounts
//
// A provider account is an identity of kind "oauth:<provider>" whose value
// is the provider's subject. At a callback:
//
//   - a known subject signs its person in;
//   - otherwise, with the email plugin and an address from the provider:
//     when the address names a person (auth.Call.WhoIs), the callback is
//     refused with account_exists, whatever the provider says of the
//     address: sign-in never links, so that person signs in another way
//     and links the provider from a fresh session. When it names nobody, a
//     new account is made, with the address as a verified identity if the
//     provider verified it (another person's stale claim to it gives way;
//     an unverified address is not kept);
//   - otherwise a new account is made.
//
// Linking is started by a person signed in with a fresh session and bound
// to them in the state record (an account-security event, or the end of
// the session that started it, ends the link); a subject linked to
// someone else is refused. The person's verified addresses hear of every
// link, with a link that undoes it. One account per
// provider per person. Unlink refuses to remove the last way in: another
// verified identity of a sign-in kind must remain (a verified address,
// which email codes and passwords use, or another provider's account).
//
// # Storage
//
// State records are single-use tokens in auth_token (purpose
// "oauth-state", 10 minutes) holding the PKCE verifier, the nonce, the
// hash of the browser binding cookie, returnTo and, for a link, the user.
// Provider tokens, with [WithTokenKeys], live in auth_oauth_token
// ([Tokens]), sealed with AES-256-GCM. An expired token is refreshed by
// one caller at a time, across processes: it holds a lease in the row
// ([TokenRefreshing]) while the others wait for the token it stores, so
// that a provider that rotates refresh tokens sees each spent once.
//
// # Security
//
// Authorization code flow with PKCE S256 (RFC 7636) for every provider,
// a random state (RFC 6749 §10.12) spent at its first use, and a nonce for
// OpenID Connect. The state is bound to the browser that started the flow
// by an HttpOnly, SameSite=Lax cookie whose SHA-256 the record keeps, which
// defeats login CSRF. ID tokens are checked as OpenID Connect Core
// §3.1.3.7 says (RS256, ES256 or EdDSA signature by a key of the
// provider's set, refetched when an unknown kid shows; iss, aud, azp, exp
// with [WithSkew], iat, nonce); the iss of the authorization response must
// be the provider's (RFC 9207). returnTo is a relative path or a URL of a
// trusted origin ([auth.Auth.TrustedOrigin]). All checks and network calls
// run before the transaction and a refusal writes nothing.
//
// A form_post answer (Apple) is a cross-site POST, which carries no
// SameSite=Lax cookie and an untrusted Origin: the POST route writes
// nothing and answers 303 to the GET callback with the same parameters,
// where the cookie comes along.
//
// Sealed tokens carry the sealing key's ID ("v1.<kid>.<data>") and are
// bound to their row and field as additional data. Client secrets,
// provider tokens and authorization codes are [auth.Secret]s, in
// [Token], [ExchangeRequest] and [CallbackRequest] too, and print as
// "[redacted]"; a [Provider] prints as oauth.Provider(<name>) and the
// [Plugin] as oauth.Plugin(<provider names>), in every fmt verb and in
// log/slog.
package oauth
