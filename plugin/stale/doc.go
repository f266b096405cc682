// Package stale looks after inactive accounts from [auth.Auth.Maintain]:
// it mails the owners of accounts nobody used for a year (or
// [WithThreshold]) and, with [WithDeleteAfter], deletes the accounts of
// those who do not come back within that time of the mail.
//
// # Configuration
//
//	st := stale.New(
//		stale.WithThreshold(365*24*time.Hour),    // the default
//		stale.WithDeleteAfter(30*24*time.Hour),   // off by default: nobody is deleted
//	)
//	a, err := auth.New(..., auth.WithPlugins(mail, pw, lastlogin.New(), st))
//
// Cron runs `auth maintain` (authcli), or the host calls a.Maintain(ctx);
// [Plugin.Run] runs a pass by itself, and with dryRun counts what a pass
// would do without writing or mailing anything. No route serves it.
//
// # Activity
//
// An account's last activity is the latest of: its creation, the last use
// of any of its sessions stored in the database (auth_session's
// last_seen_at, which the core moves at most once a day), and, when the
// lastlogin plugin is in the instance, its last sign-in with any method;
// and what each [ActivityReporter] of the instance reports (the apikey
// plugin reports its keys' last use), asked once per batch for all its
// users. With sessions in memory or Redis, add the lastlogin plugin:
// otherwise only creation (and reported activity) counts.
//
// # A pass
//
// A pass looks at every user in order of ID, [WithBatchSize] (1 000) per
// transaction, with a fixed number of queries per batch: a million users
// are a thousand short transactions, never one. Each batch:
//
//   - mails the owner of an account inactive past the threshold, through
//     the email plugin (message [PurposeInactive], to the primary
//     address), and marks the account; an account with no address is
//     counted as unreachable, never mailed nor deleted;
//   - clears the mark of an owner active since the mail (any sign-in or
//     session use clears it);
//   - deletes a marked account whose owner stayed away [WithDeleteAfter]
//     past the mail: the account event [Deleted] ends its sessions (in any
//     session store) and tokens, then the user's row goes and every
//     plugin's rows with it;
//   - records where it stopped (auth_stale_progress), so that a pass
//     interrupted by a failure or a deadline resumes there.
//
// A pass is idempotent: the mark keeps an owner from being mailed twice
// for one spell of inactivity. Two passes at once take turns batch by
// batch on the progress row's lock.
//
// # Storage
//
// auth_stale_mark ([Marks]: who was mailed, when; goes with the user) and
// auth_stale_progress ([Progress]: one row, the pass's cursor).
package stale
