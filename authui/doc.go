// Package authui serves ready-made account pages for an [auth.Auth]:
// server-rendered HTML that works without JavaScript, for the plugins
// passed to the instance and only those.
//
// # Configuration
//
// [Handler] returns the pages; its options name the app ([AppName]), the
// page after signing in ([AfterSignIn]), the path the pages live under
// ([Prefix]), templates and static files that replace the embedded ones
// ([Templates]) and the languages offered ([Languages], [Messages]).
// Handler checks the whole combination at start-up and reports every
// problem at once.
//
// # Routes
//
// With the password plugin: GET and POST /sign-in, /sign-up,
// /forgot-password, /reset-password (the reset link's page), POST
// /account/password. With the email plugin: GET and POST /verify-email
// (the verification link's page), POST /verify-email/resend. With the
// magiclink plugin: GET /magic-link (the request form, and the link's
// page), POST /magic-link/send and /magic-link. With the twofactor
// plugin: GET and POST /two-factor, the second step of a sign-in, which a
// sign-in of a person with a second factor goes on to, and the security
// page GET /account/security with POST /account/security/totp,
// /account/security/totp/confirm, /account/security/recovery-codes and
// /account/security/factors/remove. With the passkey plugin: the
// security page's passkeys (POST /account/security/passkeys/rename,
// /account/security/passkeys/remove, /account/security/passkeys/add and
// its /options), POST /sign-in/passkey and /two-factor/passkey (each with
// its /options) and GET /authui-passkey.js, the one script, which the
// passkey ceremonies need. With the email
// or phone plugin: GET /account/addresses and its forms under POST
// /account/addresses/email/... and /account/addresses/phone/... With the
// oauth plugin: GET /account/providers, POST /account/providers/link and
// /unlink, GET /account/providers/continue. With the admin plugin: GET
// /admin/users (search) and /admin/users/{id} (a user), POST
// /admin/users/{id}/ban, /unban, /revoke-sessions, /role and
// /impersonate, POST /admin/stop-impersonating; with the audit plugin
// too, GET /admin/audit. They answer 404 to everyone the admin plugin
// does not let view users, as for a path the site does not have. Always: GET
// and POST /sign-out, GET /account (profile and sessions), POST
// /account/profile (the name), /account/sessions/revoke and
// /account/sessions/revoke-others, and GET
// /authui.css. All under the prefix. A plugin that implements
// [authhttp.UIMethod] adds its buttons to the sign-in page (the oauth
// plugin one per provider); a GET button shows as a link, so that the
// redirect to a provider is a navigation, which the pages' form-action
// 'self' does not govern.
//
// # Security
//
// Every form calls a plugin's typed Go method with the request's context,
// so that it runs the operation's one pipeline (rate limits, the CSRF
// origin check, session checks, one transaction) as its JSON route does.
// Every POST must come from a page of this site (Origin and Fetch
// Metadata) and carry the browser's form token, a random value in a
// cookie that another site cannot read; then the browser is redirected
// to a page (PRG), the errors shown next to their fields. Pages answer
// with a Content-Security-Policy that allows no script and no inline
// style (with the passkey plugin, the sign-in, second-step and security
// pages allow the one script of this site), Cache-Control: no-store,
// Referrer-Policy: same-origin. Keys and recovery codes are shown once,
// carried across the redirect in a cookie bound to the session. Sign-up
// and forgot-password answer alike whether or not the address has an
// account. Links' pages show a form that posts the token, so that opening
// a link changes nothing.
package authui
