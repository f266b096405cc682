// Package oauthtests tests the oauth plugin over HTTP on every engine,
// against the in-process OpenID Connect and GitHub-like providers of
// plugin/oauth/oauthtest: sign-in, linking by verified address, link and
// unlink, every ID token validation failure, state replay and browser
// binding, form_post callbacks, the Apple preset (client-secret JWT,
// form_post, the first sign-in's name), Microsoft's multi-tenant issuer,
// sealed, refreshed provider tokens with their verified ID tokens,
// concurrent refreshes at a provider that revokes a grant whose refresh
// token is spent twice, and the typed Go calls.
package oauthtests
