// Package authimport brings people from another system into Sesame:
// their users, addresses (verified as the other system knew them),
// password hashes, OAuth accounts and live sessions, so that switching to
// Sesame forces nobody to reset a password or sign in again.
//
// Sources: [BetterAuth] reads a better-auth database (PostgreSQL, MySQL or
// SQLite) through a *sql.DB the host opens with its own driver;
// [JSONLines] and [CSV] read the generic formats of [Line]; a host's own
// [Source] yields [Record]s of any other system.
//
// # Configuration
//
// Pass [New] to auth.WithPlugins, with the email plugin (addresses), the
// oauth plugin with a provider of each name the source's accounts use,
// and a password plugin implementing [auth.PasswordImporter] for the
// source's password scheme; run [Plugin.Import] or the auth import command
// of authcli:
//
//	auth import better-auth --source-driver pgx --source "$OLD_DATABASE_URL" --dry-run
//	auth import jsonl users.jsonl
//	auth import csv users.csv
//
// # Storage
//
// [Imported] (auth_import) lists what each run imported, by source name,
// kind and source ID, with the Sesame user it became: a second run
// imports nothing twice, and a run interrupted after N users goes on from
// there. Users get new Sesame IDs (UUIDv7, like every user): the table
// maps the old IDs to them for the host's own tables. Each batch of
// records ([WithBatchSize]) is one transaction.
//
// # Security
//
// Only an address the other system verified is imported verified; an
// unverified one is an unverified identity under the core's rules
// ([auth.Call.WhoIs]): it never names its holder against anyone who
// proves the address. An address or a provider account that already names
// a Sesame user is reported and not imported: an import never adds a way
// into an existing account. Sessions are stored under a hash of the
// system's name and their token ([auth.Call.ImportSession]), so the old
// tokens sign nobody in by themselves: only the other system's signed
// cookie does, through the cookie bridge of authhttp (BetterAuthCookie).
// Records with malformed fields (invalid UTF-8, NUL bytes, overlong
// values) are reported, and nothing of them is written. A user deleted
// after an import is not brought back by the next one, and once an
// imported user has an account-security event (a sign-out everywhere, a
// password change ...), later runs import no session, account or password
// into their account.
package authimport
