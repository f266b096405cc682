// Package conformance is the suite every HTTP integration of Sesame runs:
// net/http's ServeMux, chi and gorilla/mux through [authhttp], and the
// framework adapters (gin, echo, fiber). The same scenarios, on every
// engine of [authtest], prove that an integration serves the routes, the
// session middleware and RequireUser the way [authhttp] documents them.
//
// # Targets
//
// An integration is a [Target]: a name and a Serve function that starts a
// server for an [auth.Auth], with the auth routes under /auth, [MePath]
// behind the integration's RequireUser and [WhoPath] behind its session
// middleware only. An integration that yields an
// http.Handler builds its Target with [HandlerTarget]; one that runs its
// own server (fiber) writes Serve itself. Its tests call [Run]:
//
//	func TestConformance(t *testing.T) { conformance.Run(t, target) }
//
// A session store runs the suite too: a Target whose SessionStore
// function returns it serves every scenario with sessions kept there
// instead of in the database.
//
// # Scenarios
//
// Sign-in in cookie and bearer mode; [MePath] without and with a session;
// the session routes (list, revoke, revoke-others, sign-out); refusal of
// cross-site state changes; error answers (unknown route, wrong method,
// malformed JSON, wrong content type, body over the limit, rate limit,
// malformed session token) with their exact body and headers; authhttp's
// EncodeErrors, which replaces the body and its media type only; one
// session lookup per request; and session checks (a ban, a pending task)
// that take effect on the host's routes at once, run once per request.
// Every answer is also checked for at most one session cookie, HttpOnly,
// SameSite=Lax and Path=/.
//
// # Isolation
//
// Each scenario, and each row of a table, serves an instance of its own
// (with rate limits counted in memory, per instance) and signs in users
// of its own, so that a scenario never depends on another and any one of
// them runs alone with go test -run.
package conformance
