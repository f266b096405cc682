// Package fiberauth serves Sesame in a fiber (v2) application. Fiber runs
// on fasthttp, not net/http, so the adapter translates each request to the
// *http.Request that net/http's server would make of the same bytes, runs
// [authhttp] on it, and writes authhttp's answer back into the fasthttp
// response: every answer, cookie, header and check comes from authhttp, so
// an app behaves the same under fiber as under net/http.
//
// fiber's own middleware/adaptor does not: on the adapter's fidelity suite
// of raw requests it leaves Host in the header map, joins or trims
// repeated and padded headers and Cookie lines, gives a chunked body a
// made-up length, drops Close for Connection: close and HTTP/1.0, and
// mishandles DELETE (TestAdaptorFidelity keeps the list true).
//
// On fiber, messages an operation sends (auth.Call.Send) go out when the
// handlers are done, before fasthttp sends the answer: use
// auth.WithOutbox where an answer's time must not tell whether a message
// was sent.
//
// # Routes
//
// [Mount] serves every operation registered with the [auth.Auth] under a
// prefix of a fiber router, through [authhttp.Handler]: two routes take
// every method, the prefix and all below it, and authhttp answers unknown
// paths 404 not_found and wrong methods 405 method_not_allowed. The prefix
// belongs to Sesame: register no other route under it.
//
//	app := fiber.New()
//	app.Use(fiberauth.Middleware(a))
//	fiberauth.Mount(app, a, "/auth")
//
// # Sessions
//
// [Middleware] loads the caller's session once per request, with one
// query, through [authhttp.Middleware]. The context authhttp passes on,
// which carries the session, goes into c.Locals for [User], [Session],
// [RequireUser] and the routes of [Mount], which reuse it rather than
// load the session again; it also becomes c.UserContext(), so pass
// c.UserContext() to Go calls of operations and they see the caller.
// Register the Middleware with Use before the routes it covers.
//
// Browsers get the session in a cookie and API clients in the bearer
// transport, exactly as the package authhttp describes.
//
// # Pages
//
// [RequireUser] lets only signed-in callers through: others get 401
// no_session as JSON, encoded by the Middleware's [authhttp.EncodeErrors]
// if it has one. For pages, [RedirectTo] sends them to a sign-in page
// instead, with the page they asked for in its next parameter.
//
// The Middleware also runs the plugins' session checks once per request,
// as authhttp's does: a session that one blocks (a ban, a pending second
// factor, terms to accept) is no signed-in caller for [User], [Session]
// and [RequireUser], which answers the check's refusal, its status and
// code. [BlockedSession] finds that session for the page that completes
// the task.
//
// # Translation
//
// authhttp sees the *http.Request net/http's server would make of the
// same bytes: the method, the request-target as received (path escapes and
// query intact), every header line (repeated headers and Cookie lines as
// several values), Host, the protocol, ContentLength or chunking, and
// RemoteAddr from the connection. Its context is c.UserContext(). Answers
// keep their status, every header value (each Set-Cookie on its own line)
// and their body, with the Content-Type net/http would sniff when none is
// named; headers set on the fiber response earlier stay unless authhttp
// names them. A request-target net/http would refuse as an invalid URI
// answers 400, as under net/http. Where fasthttp keeps less than it read
// (one value of User-Agent or Content-Type, no empty one, cookies joined
// into one line once something parsed them), authhttp sees what fasthttp
// kept.
//
// # Body limits
//
// authhttp refuses bodies over its limit, 64 KiB unless
// [authhttp.BodyLimit] says otherwise, with 413 body_too_large. Fiber reads
// the body before any handler runs and refuses bodies over its own
// BodyLimit (4 MiB by default) with its own 413, so authhttp's answer holds
// for every body up to fiber's limit; keep fiber's BodyLimit above
// authhttp's. With fiber's StreamRequestBody, the body reaches authhttp as
// a stream, read only up to authhttp's limit, and authhttp answers every
// body over it.
//
// Fiber also refuses, before any handler, requests whose header lines do
// not fit its ReadBufferSize (4096 bytes by default, where net/http takes
// 1 MiB): a browser with a 4 KiB cookie, a client with a long bearer
// token. Raise ReadBufferSize to take them.
//
// # Errors
//
// Fiber answers its own refusals (413, 431, 404, 405, 400 ...) and the
// errors handlers return in plain text, through fiber.Config's
// ErrorHandler. [ErrorHandler] answers them in Sesame's JSON error shape
// instead, through the [authhttp.EncodeErrors] it is given, so that an
// app's clients read one kind of error under fiber as under gin or echo:
//
//	app := fiber.New(fiber.Config{ErrorHandler: fiberauth.ErrorHandler(a)})
//
// # Security
//
// The CSRF origin check, the client IP the rate limits key on and the
// error bodies are authhttp's, unchanged; see its documentation and
// [auth.WithTrustedProxies]. The client IP starts from the connection's
// address, never from fiber's ProxyHeader. Internal errors answer 500
// "internal" with no detail.
package fiberauth
