// Package site is the app the starters share: its configuration, its
// database, its Sesame instance and its pages. The starters
// (starters/gin, starters/echo, starters/fiber) only wire it into their
// framework; this package is the part of a clone a developer makes their
// own.
//
// # Configuration
//
// [ParseConfig] reads flags and the environment (see [Config]):
//
//	-addr         ADDR           localhost:8080
//	-base-url     BASE_URL       http:// and -addr
//	-db           DATABASE_URL   data/<name>.db (SQLite: data/gin.db ...), postgres://..., mysql://user:pass@host:3306/db, user:pass@tcp(host:3306)/db
//	-lookup-url   LOOKUP_URL     the embedded sample catalog, served in process
//	-school-url   SCHOOL_URL     the schooldemo demo school, served in process
//	-school-token SCHOOL_TOKEN   with -school-url
//	-school-id    SCHOOL_ID      with -school-url
//	-breach-url   BREACH_URL     https://api.pwnedpasswords.com; off turns the breach check off
//	-make-admin   (none)         a command: make the holder of this verified address an administrator, then exit
//
// [Config.Listen] opens the address and settles the base URL; [New] opens
// the database, applies the migrations and builds the instance: the email
// plugin with a development mailer that prints every message, links and
// codes included, the password plugin, which refuses the most common
// passwords (an embedded list) and breached ones (the Pwned Passwords
// range API, failing open with a warning when it cannot be reached), the
// twofactor plugin (authenticator apps and recovery codes, asked for after
// password sign-ins), the passkey plugin when the base URL allows passkeys
// (https, or http on localhost: not an IP address), the magiclink and
// emailchallenge plugins (sign-in links and codes by email), the admin
// plugin (the admin area under [AdminPath], for people with its admin
// role), the access and organization plugins (the organizations page
// under [OrganizationsPath]: create, invite by mail, accept at
// [AcceptInvitationPath], the active organization in the header), and
// [School], a sign-in plugin of this package for school accounts.
//
// # Routes
//
// [App.Routes] lists the pages, each an exact path and an http.Handler,
// so that any framework registers them natively; routes marked SignedIn
// go behind the adapter's RequireUser with RedirectTo([SignInPath]). The
// JSON routes under [APIPrefix] are where a developer writes code of
// their own, so each starter writes them as handlers of its framework, on
// the services [App.SearchCourses], [App.Course], [App.SearchBuildings]
// and [MeOf], with [App.APIError] for their errors; GET /api/me goes
// behind the adapter's RequireUser(), which answers 401 in JSON. A POST route names
// the page that holds its form (Route.Page): a person sent to sign in from
// the form comes back to that page, since a browser comes back with a
// GET. The auth routes are Sesame's own, mounted under [AuthPrefix] by
// the adapter. In front of the routes, after the session middleware, each
// starter sends a session that waits for its second factor to
// [SecondFactorPath] with [App.SecondFactorRedirect]. [App.Handler] is the
// same wiring for net/http.
//
//	GET  /                      home
//	GET  /sign-up, /sign-in     forms; POST to the same paths
//	POST /sign-in/link          mail a sign-in link, which opens GET /magic-link (the magiclink plugin's page)
//	POST /sign-in/code/start    mail a code and a link (GET /email-challenge, the emailchallenge plugin's page)
//	GET  /sign-in/code          type the code; POST to the same path, or check whether the link was opened elsewhere
//	GET  /two-factor            the second step of a password sign-in: an app's code, a recovery code, a passkey
//	GET  /passkeys.js           the site's one script: the passkey buttons
//	POST /sign-out
//	GET  /verify-email?token=   a form that POSTs the token; POST /verify-email/resend
//	GET  /change-email/undo?token=, /forgot-password, /reset-password?token=   likewise
//	GET  /account               sessions, addresses, password, email, authenticator apps, recovery codes, passkeys, school accounts
//	POST /account/...           one route per form of the account page
//	GET  /school/sign-in        sign in with, or link, a school account
//	GET  /courses?q=, /course?subject=&number=, /buildings?q=
//	GET  /api/courses?q=, /api/course?subject=&number=, /api/buildings?q=   JSON
//	GET  /api/me                the signed-in person, JSON (401 no_session for others)
//
// # Sessions
//
// Pages sign people in and out through the plugins' typed Go methods,
// called with the request's context, so that each call runs Sesame's
// whole pipeline for the real client. A sign-in's result carries the new
// session and its token, which the page hands to
// authhttp.SetSessionCookie; signing out clears the cookie with
// authhttp.ClearSessionCookie. Operations that end sessions of the
// account (a password reset, an undone email change) leave the cookie to
// the session middleware, which clears a cookie naming no live session.
//
// # Security
//
// Templates are html/template, embedded, and work without JavaScript but
// for passkeys, which the browser makes and uses through
// navigator.credentials: the site's one script ([ScriptPath], embedded)
// calls Sesame's passkey routes under [AuthPrefix] from the buttons, and
// pages say in a <noscript> that passkeys need JavaScript. Every value is
// escaped, and the Content-Security-Policy allows scripts and requests
// to this site only, never inline script. Keys and recovery codes are
// shown once, on the page that answers the form that made them.
// Every state change is a form POST, which browsers send with an Origin
// header that Sesame's CSRF check compares with the base URL. An
// operation's error shows on the page by its message; an internal error
// shows no detail. Links with tokens open pages that only show a form, so
// that a mail scanner fetching a link consumes nothing, and pages send
// Referrer-Policy: same-origin so that tokens never leave the site.
package site
