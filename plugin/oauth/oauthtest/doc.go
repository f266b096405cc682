// Package oauthtest runs an OpenID Connect provider, or a GitHub-like
// OAuth 2.0 one, in the test process, for the tests of code that signs
// people in with a social or OpenID Connect account: the oauth plugin and
// the hosts that use it. Nothing leaves the machine and no page needs a
// click.
//
// # Usage
//
//	p := oauthtest.NewProvider(t, oauthtest.WithRedirectURI(app.URL+"/auth/oauth/test/callback"))
//	p.AddUser(oauthtest.User{Subject: "1001", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
//	p.LogInAs("1001")
//	// Configure the client with p.Issuer(), p.ClientID, p.ClientSecret and
//	// p.Client(), then drive the sign-in: the authorize endpoint answers at
//	// once with a redirect carrying the code.
//
// [NewProvider] stops the server when the test ends; [Start] and
// [Provider.Close] serve outside tests.
//
// # Endpoints
//
//	GET  /.well-known/openid-configuration  provider metadata (OpenID Connect Discovery §3)
//	GET  /jwks                              the ID token signing keys (RFC 7517 §5)
//	GET  /authorize                         authorization endpoint (also POST)
//	POST /token                             token endpoint
//	GET  /userinfo                          the user's claims for a Bearer token (also POST)
//
// With [WithPlainOAuth] the provider plays GitHub instead: no discovery,
// keys, ID token or userinfo, but GET /user and GET /user/emails shaped
// like GitHub's REST API, a numeric user id, and a token endpoint that
// answers form-encoded unless the request accepts JSON.
//
// # Checks
//
// The provider is as strict as a careful real one, so that a client's
// mistakes show in its tests. The authorize endpoint wants the registered
// client_id and an exactly registered redirect_uri (else a 400 page, never
// a redirect, RFC 6749 §4.1.2.1), response_type=code, a state, a PKCE
// code_challenge with method S256 (RFC 7636 §4.3), and a nonce when the
// scope has openid; other failures come back as error= redirects (RFC 6749
// §4.1.2.1), or as a posted form with response_mode=form_post, as Apple
// answers. The person signed in is the one [Provider.LogInAs] names; with
// nobody, the answer is error=access_denied.
//
// The token endpoint authenticates the client by client_secret_basic or
// client_secret_post (RFC 6749 §2.3.1), checks the code_verifier against
// the challenge (RFC 7636 §4.6) and the redirect_uri against the
// authorization request's, and spends a code on its first use: a second
// use fails and revokes the tokens the first gave (RFC 6749 §4.1.2). It
// answers an access token, a rotated refresh token and, for openid, an ID
// token signed with RS256 (or [WithAlgorithm]'s ES256 or EdDSA). With
// [WithRefreshReuseDetection] a spent refresh token used again revokes its
// grant (RFC 9700 §4.14.2), which catches a client whose concurrent
// callers refresh the same token; [Provider.Revocations] counts the
// grants revoked.
//
// # Playing Apple and Microsoft
//
// [WithClientSecretJWT] authenticates the client as Sign in with Apple
// does, by an ES256 client-secret JWT (iss the team ID, sub the client
// ID, aud the issuer, exp to come, kid the key ID), and [WithAppleUser]
// answers as Apple does: no name in ID tokens or at userinfo, and the
// "user" form field with the name on a user's first form_post
// authorization. [WithMultiTenant] plays Microsoft's multi-tenant
// endpoint: the discovery document names Issuer()+"/{tenantid}/v2.0" and
// each ID token carries its user's tid ([User.TenantID]) and that tenant's
// issuer.
//
// # Failures
//
// [Provider.BreakNextIDToken] makes the next ID token wrong in chosen ways:
// [WrongAudience], [WrongIssuer], [Expired], [BadSignature], [WrongNonce],
// [UnknownKey], and with [WithMultiTenant] [TenantMismatch]. [Provider.RotateKeys] replaces the signing key, which drops
// out of the JWK Set. [Provider.Requests] records every request received,
// for assertions such as "the token request sent the code_verifier" or
// "the secret went in the Authorization header".
package oauthtest
