// Package apikey gives people API keys for their scripts and
// integrations, and resolves a key on each request as a session is
// resolved: authhttp.Middleware admits the request as the key's user,
// with one query and no write, and the host's routes check the key's
// scopes ([Plugin.RequireScope]).
//
// A key reads "sk_live_" (the host's prefix, [WithPrefix]), then 256
// random bits in base62 (43 characters), then a CRC-32 of both in base62
// (6 characters), so that secret scanners recognize a leaked key offline
// ([LooksValid]). It is shown once, when made; only its SHA-256 is kept.
//
// # Configuration
//
//	keys := apikey.New(
//		apikey.WithPrefix("sk_live_"),
//		apikey.WithScopes("orders:read", "orders:write"),
//		apikey.WithHeader("X-API-Key"),                 // besides Authorization: Bearer
//		apikey.WithRateLimit(auth.RateRule{Limit: 600, Window: time.Minute}),
//	)
//	a, err := auth.New(..., auth.WithPlugins(password.New(), keys))
//	mux.Handle("/auth/", authhttp.Handler(a))
//	mux.Handle("/api/orders", keys.RequireScope("orders:read")(orders))
//	app := authhttp.Middleware(a)(mux)
//
// [WithMaxKeys] bounds the keys a person holds (50), [WithMaxLifetime]
// makes every key expire, [WithLastUsedInterval] says how stale a key's
// last-used time may get (1 hour), [WithSessionScopes] which scopes a
// signed-in session holds (all of them by default: a person can do what
// their account can; a route meant for keys alone lists none).
//
// # Routes
//
//   - POST /api-keys/create {name, scopes, expiresIn, rateLimit}: a key
//     for the caller, from a fresh session; the answer shows it once.
//   - GET /api-keys: the caller's live keys, each with its prefix and
//     last four characters, never the key.
//   - POST /api-keys/revoke {id}: ends one of the caller's keys at once.
//   - POST /api-keys/rotate {id, gracePeriod}: a new key, from a fresh
//     session, in place of one of the caller's; the old one works for the
//     grace period (24 hours by default, at most 7 days).
//
// Server calls for the host's own code: [Plugin.CreateFor],
// [Plugin.ListFor] and [Plugin.RevokeAll].
//
// # Storage
//
// The table auth_api_key ([Keys]) holds each key's SHA-256, its user,
// name, scopes, rate limit, expiry, last-used time and the key that a
// rotation replaced it with. [auth.Auth.Sweep] deletes expired keys.
//
// # Security
//
// A request presents a key as "Authorization: Bearer <key>" or in the
// header of [WithHeader], never in a cookie. The core tries the plugin
// before the session lookup ([auth.CredentialResolver]): a string of
// the plugin's prefix and length is a key; a wrong checksum is a
// malformed token (401), at no query; otherwise one query finds the key
// by its hash, joined with its user. The request's session is then the
// key's: [auth.Session.ResolvedBy] is "apikey", its credential
// [Credential], its ID the key's, and [KeyOf] reads the key's scopes.
//
// A key is not a signed-in session: every Sesame operation refuses it
// ([auth.ErrSessionRequired], 403) but GET /session, so a leaked key
// cannot make keys, change a password or an address, sign out
// everywhere or impersonate; and no operation that needs a fresh
// session ever takes one.
//
// The plugins' session checks run on a key's session as on any session:
// a banned user's keys answer 403 banned from the next request, and
// every account-security event (a password changed or reset, an address
// changed or removed, a sign-out everywhere, a second factor removed, a
// ban: [auth.Call.AccountChanged]) deletes all the user's keys, since
// whoever caused it may hold them. Deleting a user deletes their keys.
//
// A request with a key writes nothing, but once per key per
// [WithLastUsedInterval]: a conditional UPDATE of its last-used time that
// one request wins. A key's rate limit (its own, or [WithRateLimit])
// counts in the instance's rate store: the database store, the default,
// writes a counter row per request, while the memory store
// ([auth.NewMemoryRateStore]) and Redis (kvstore/redis) do not touch
// the database; choose one of those for keys with limits on a busy API.
//
// Revoking or rotating a key of someone else's answers
// [ErrKeyNotFound], as for a key that never was; two rotations of one
// key at once make one new key, the other answers [ErrKeyRotated].
package apikey
