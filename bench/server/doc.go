// Package server holds the two Go servers of Sesame's load benchmark, both
// on PostgreSQL through database/sql and pgx's stdlib driver:
//
//   - [Floor], written by hand to do the least work an authenticating
//     server can do per request: one query by token hash and a JSON
//     answer, and for a sign-in one query, one argon2id hash and one
//     insert. It is the floor the other servers are measured against.
//   - [Sesame], the same routes served by Sesame: [authhttp.Handler] under
//     /auth, and an application route behind [authhttp.Middleware] and
//     [authhttp.RequireUser], with the email and password plugins and rate
//     limits off.
//
// [Strategy] starts the Sesame server with each session strategy (a
// memory, snapshot, compact or Redis cache, or the Redis store), and the
// floor has a cached path of its own, GET /auth/cached-session (an
// HMAC-checked cookie, no query), the floor of the cache rows.
//
// Both serve the same three requests, on the same paths:
//
//	POST /auth/password/sign-in  {"email": ..., "password": ...}
//	GET  /auth/session           the session and its user
//	GET  /api/me                 the application's route: the signed-in user
//
// and both hash passwords with argon2id at [argon2id.DefaultParams]. The
// command bench/cmd/loadbench runs them, with better-auth's own server
// (bench/betterauth), under wrk; docs/performance.md has its results.
//
// [authhttp.Handler]: https://pkg.go.dev/github.com/sesame-go/sesame/authhttp#Handler
// [authhttp.Middleware]: https://pkg.go.dev/github.com/sesame-go/sesame/authhttp#Middleware
// [authhttp.RequireUser]: https://pkg.go.dev/github.com/sesame-go/sesame/authhttp#RequireUser
// [argon2id.DefaultParams]: https://pkg.go.dev/github.com/sesame-go/sesame/plugin/password/argon2id#DefaultParams
package server
