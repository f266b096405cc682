// Package audit is the audit log: it keeps every security event the
// instance raises (sign-ins refused, rate limits hit, passwords changed,
// sessions revoked, bans, impersonations, second factors locked ...) and
// any operation the host maps to an event type, in a table of its own;
// it lets the host filter and export them, and shows each user their own.
//
// # Configuration
//
// Pass the plugin to [auth.New]:
//
//	log := audit.New(
//		audit.WithRetention(90*24*time.Hour),                     // Sweep deletes older records
//		audit.WithOperation(password.OpSignIn, "signed_in"),      // record successful sign-ins too
//		audit.WithSink(audit.SinkFunc(func(ctx context.Context, rs []audit.Record) error { ... })),
//	)
//	a, err := auth.New(..., auth.WithPlugins(pw, log))
//
// What is recorded is what the event sink hears of ([auth.WithEventSink],
// [auth.Event]), made durable: the core hands the plugin each event as
// [auth.EventRecorder] says. An event an operation raises is written in
// the operation's transaction, so it is on record exactly when what it
// tells happened; a refusal (a wrong password, [auth.EventCredentialRefused],
// a rate limit) is written on its own after the rollback, so refusals are
// on record too. [WithOperation] adds successful runs of any operation
// (the core's, a plugin's, the host's) under a type of the host's.
//
// # Routes
//
// Relative to the handler's prefix:
//
//	GET /audit/history  ?cursor=&limit=  [Plugin.History]: the signed-in user's own records
//
// [Plugin.Query] (filter by type, user, actor, organization and time,
// paged) and [Plugin.Export] (JSON lines to any [io.Writer]) are Go calls
// only: who may read the whole log is the host's decision.
//
// # Storage
//
// One table, [Records] (auth_audit): ID, type, user, actor, organization,
// operation, client IP and User-Agent, time and a small JSON detail. The
// user, actor and organization columns reference nothing, so a record
// outlives a deleted user until [Plugin.Sweep] ([auth.Auth.Sweep], cron's
// `auth sweep`) deletes it for its age. The organization column is empty
// until the organization plugin lands and fills it. Pages are read by
// keyset (time, then ID, newest first) on indexes, so a page costs the
// same however deep into the log it is, and never repeats or skips a
// record written meanwhile.
//
// # Security
//
// A record never holds a secret: its detail is the event's text, which
// the plugins that raise events keep free of them, and an operation of
// [WithOperation] is recorded without any of its input. The IP is the
// one the core decided ([auth.WithTrustedProxies]), never a raw header.
// In an impersonation session, a record's user is the impersonated user
// and its actor the administrator. [Plugin.History] shows a user only
// the records whose user they are. A failure to write a record fails the
// operation that raised it (or, for a refusal, turns its answer into an
// internal error): nothing that should be on record happens unrecorded,
// except events raised after a commit, whose failure can only be logged.
package audit
