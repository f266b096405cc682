// Package oauthtests tests the oauth plugin over HTTP on every engine,
// against the in-process OpenID Connect and GitHub-like providers of
// plugin/oauth/oauthtest: sign-in, linking by verified address, link and
// unlink, every ID token validation failure, state replay and browser
// binding, form_post callbacks and sealed, refreshed provider tokens.
package oauthtests
