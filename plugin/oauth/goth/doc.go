// Package gothoauth makes any OAuth 2.0 provider of goth
// (github.com/markbates/goth) a provider of the oauth plugin
// ([github.com/sesame-go/sesame/plugin/oauth]). Its directory is goth, as
// the issue named it; the package is gothoauth so that it reads apart from
// goth's own package, which a host often imports alongside.
//
// # Configuration
//
//	gh := github.New(clientID, secret, baseURL+"/oauth/github/callback", "read:user", "user:email")
//	oa := oauth.New([]*oauth.Provider{gothoauth.Provider(gh)})
//	a, err := auth.New(..., auth.WithPlugins(email.New(...), oa))
//
// The goth provider's callback URL must be the plugin's callback route,
// {base URL}/oauth/{name}/callback, where name is the goth provider's
// name ([WithName] to change it); a provider whose authorization URL names
// another one is refused at the start of each sign-in. Options:
// [WithName], [WithPKCE], [WithVerifiedEmails].
//
// # Routes
//
// Those of the oauth plugin, under the provider's name.
//
// # Storage
//
// That of the oauth plugin: accounts are identities of kind
// "oauth:<name>" whose value is goth's User.UserID; with
// oauth.WithTokenKeys the access and refresh tokens of goth's User are
// kept, and refreshed with the goth provider's RefreshToken when it has
// one.
//
// # Security
//
// The plugin keeps the state, its browser binding, accounts, linking and
// the verified-email rule; goth builds the authorization URL, exchanges
// the code and reads the person. goth's sessions are not used: goth OAuth
// 2.0 providers keep nothing in them before the callback but the URL, and
// the adapter begins a new one at the callback. OAuth 1.0a providers
// (Twitter's ...), whose callback carries no code, do not work.
//
// PKCE (RFC 7636) needs the provider's session to send the code_verifier
// to the token endpoint, which goth's openidConnect does: the challenge is
// sent for it, and for others only with [WithPKCE]. A nonce (OpenID Connect
// Core §3.1.2.1) is sent when the scope has openid, and an ID token's
// nonce claim must then match it.
//
// goth's User does not say whether the provider verified the address. An
// address is taken as verified only when the provider is goth's
// openidConnect and the claims say email_verified true, or with
// [WithVerifiedEmails]. The plugin joins a sign-in to an existing account
// only on a verified address, so WithVerifiedEmails on a provider that
// lets people claim addresses they do not hold would hand them other
// people's accounts: use it only for a provider that documents that every
// address it returns is verified. Without it a person whose address
// exists already is refused (account_exists) and links the provider after
// signing in another way.
//
// goth's calls take no context: set the goth provider's HTTPClient to one
// with a timeout, as goth's default is http.DefaultClient, which has none.
package gothoauth
