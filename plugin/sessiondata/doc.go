// Package sessiondata keeps data per session in a table of its own: any
// JSON under short keys, set and read by the host's Go code or by the
// client over HTTP, and removed with the session.
//
// # Configuration
//
//	data := sessiondata.New(sessiondata.WithMaxKeys(16), sessiondata.WithMaxValue(4<<10))
//	a, err := auth.New(..., auth.WithPlugins(pw, data))
//
// # Routes
//
//	GET  /session-data?key=        [Plugin.Get]
//	GET  /session-data/all         [Plugin.List]
//	POST /session-data/set         {key, value}  [Plugin.Set]
//	POST /session-data/delete      {key}         [Plugin.Delete]
//
// Every route acts on the caller's own session only: no route takes a
// session ID. Inside an operation of the host's or a plugin's,
// [Plugin.Value], [Plugin.Store] and [Plugin.Remove] act on the call's
// session in the operation's transaction. Keys are 1 to 64 letters, digits, '.', '_', ':' and '-';
// values any JSON up to [WithMaxValue] bytes, at most [WithMaxKeys] per
// session.
//
// # Which session data to use
//
// [auth.Session.DataValue] reads the data the core keeps inline in the
// session: loaded with the session on every request at no extra query,
// but written only when the session starts ([auth.SessionStarter]), by
// plugins (a pending second factor, an impersonation mark). Use it for
// small values fixed for the session's life that a check reads on every
// request. Use this plugin for values that change during the session (a
// wizard's progress, a chosen organization, a cart before sign-up), that
// clients set, or that are large: each read costs one query.
//
// # Storage
//
// One table, [Values] (auth_session_data), keyed by session ID and key,
// with the user's ID. Sessions may live in the database, in memory or in
// Redis ([auth.SessionStore]), so the rows name their session without a
// foreign key: when sessions end before their time (sign-out, revocation,
// an account-security event, a deleted user), the plugin deletes their
// values in the same transaction ([auth.SessionEndObserver]); the values of
// sessions that expired are deleted by [Plugin.Sweep] ([auth.Auth.Sweep],
// cron's `auth sweep`), which asks the session store which sessions still
// live. A value of an ended session is never read before that: a session
// ID is never reused, and every route reads the live caller's own.
//
// # Security
//
// Values are stored as given, not encrypted: keep secrets out of them.
// A set takes the lock of the user's row, so concurrent sets cannot pass
// the key limit. An impersonation session has data of its own.
package sessiondata
