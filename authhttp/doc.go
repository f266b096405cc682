// Package authhttp serves an [auth.Auth] over net/http: every registered
// operation as a JSON route, session loading middleware, and the cookie and
// bearer-token transports. It works with net/http's ServeMux and with any
// router that takes an http.Handler (chi, gorilla/mux ...).
//
// # Routes
//
// [Handler] serves each operation at its path under a prefix (the base
// URL's path unless [Prefix] says otherwise). Request bodies are JSON
// objects with camelCase fields; unknown fields are refused, and bodies are
// limited to 64 KiB ([BodyLimit]). Answers are JSON with
// Cache-Control: no-store. Errors answer with the error's status and the
// body {"error":{"code":"...","message":"..."}} as application/json,
// which [EncodeErrors] replaces, media type included (RFC 9457 problem
// details as application/problem+json, for one); Retry-After accompanies
// 429. [WriteError] answers a host's own routes, or a framework's own
// errors, in the same shape.
//
// [OpenAPI] describes the routes in an OpenAPI 3.1 document derived from
// the operations' Go types, and [OpenAPIHandler] serves it at a route of
// the host's choosing (docs/openapi.md).
//
// # Sessions
//
// Browsers get the session token in an HttpOnly, SameSite=Lax cookie named
// by [CookieName]: "__Host-sesame_session", Secure, when the base URL is
// https, and "sesame_session" on http. A client that
// sends "Auth-Token-Mode: bearer" gets the token in the Auth-Token response
// header instead and sends it back as "Authorization: Bearer <token>".
// With stateless sessions (auth.WithStatelessSessions) the token changes
// at each refresh and when the session survives an account-security
// event: an answer may carry a new Auth-Token (or cookie), which the
// client keeps from then on.
// [Middleware] loads the session once per request into the context, where
// [UserFrom], [SessionFrom] and Go calls of operations find it, and runs
// the plugins' session checks on it once ([auth.Auth.Admit]). A session
// that a check blocks (a ban, a pending second factor, terms to accept)
// counts as none for UserFrom and SessionFrom, and [RequireUser] answers
// the check's refusal; [BlockedSessionFrom] finds it for the page that
// completes the task.
//
// # Security
//
// State-changing requests that carry the session cookie must send an
// Origin (or Referer) equal to the base URL's origin or a trusted one;
// others answer 403 invalid_origin. The client IP, which rate limits key
// on, is the connection's address unless the host trusts proxies
// (auth.WithTrustedProxies). Internal errors answer 500 "internal" with no
// detail.
package authhttp
