package authimport

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// BetterAuthSystem is the name of better-auth sources: it keys their
// import, and the cookie bridge (authhttp.BetterAuthCookie) finds their
// sessions under it.
const BetterAuthSystem = "better-auth"

// BetterAuthScheme is the password scheme of better-auth's hashes
// (scrypt, "salthex:keyhex" as its account table keeps it) that
// [BetterAuth] hands to the password plugin.
const BetterAuthScheme = "better-auth-scrypt"

// BetterAuth returns a source reading a better-auth database: its tables
// user, account and session, with better-auth's default names (camelCase
// columns), on db, which the host opened with its own driver, in the SQL
// of dialect d (sqlb.Postgres, sqlb.MySQL or sqlb.SQLite). Each user
// becomes a [Record]: name, image, email and emailVerified, createdAt;
// the account of providerId "credential" gives the password hash (scheme
// [BetterAuthScheme]); every other account gives an OAuth [Account]
// (providerId, accountId); and the sessions that have not expired give
// [Session]s with their tokens. OAuth access and refresh tokens are not
// read: people sign in with the provider again when the host needs them.
// The verification table holds only pending links and codes, which are
// not imported.
func BetterAuth(db *sql.DB, d *sqlb.Dialect) Source {
	return &betterAuth{db: db, d: d}
}

type betterAuth struct {
	db   *sql.DB
	d    *sqlb.Dialect
	last string
	done bool
}

func (b *betterAuth) Name() string { return BetterAuthSystem }

// Next reads the next n users by ID, then their accounts and sessions.
func (b *betterAuth) Next(ctx context.Context, n int) ([]Record, error) {
	if b.done {
		return nil, io.EOF
	}
	q, id := b.d.Quote, b.d.Quote("id")
	if b.d == sqlb.MySQL {
		id = "BINARY " + id // MySQL's default collation folds case; better-auth's IDs do not
	}
	rows, err := b.db.QueryContext(ctx, fmt.Sprintf("SELECT %s, %s, %s, %s, %s, %s FROM %s WHERE %s > %s ORDER BY %s LIMIT %d",
		q("id"), q("name"), q("email"), q("emailVerified"), q("image"), b.time("createdAt"), q("user"), id, b.d.Placeholder(1), id, n), b.last)
	if err != nil {
		return nil, err
	}
	var recs []Record
	byID := map[string]int{}
	for rows.Next() {
		var r Record
		var name, email, image sql.NullString
		var verified, created any
		if err := rows.Scan(&r.ID, &name, &email, &verified, &image, &created); err != nil {
			rows.Close()
			return nil, err
		}
		r.Name, r.Email, r.Image = name.String, email.String, image.String
		if r.EmailVerified, err = sourceBool(verified); err != nil {
			rows.Close()
			return nil, fmt.Errorf("user %s: emailVerified: %w", r.ID, err)
		}
		if r.CreatedAt, err = sourceTime(created); err != nil {
			rows.Close()
			return nil, fmt.Errorf("user %s: createdAt: %w", r.ID, err)
		}
		byID[r.ID] = len(recs)
		recs = append(recs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(recs) < n {
		b.done = true
	}
	if len(recs) == 0 {
		return nil, io.EOF
	}
	b.last = recs[len(recs)-1].ID
	if err := b.accounts(ctx, recs, byID); err != nil {
		return nil, err
	}
	return recs, b.sessions(ctx, recs, byID)
}

// time selects a time column. On MySQL, whose drivers read a timestamp in
// the connection's time zone, it selects the instant itself, as Unix
// seconds with their fraction.
func (b *betterAuth) time(col string) string {
	if b.d == sqlb.MySQL {
		return "UNIX_TIMESTAMP(" + b.d.Quote(col) + ")"
	}
	return b.d.Quote(col)
}

// in returns "IN (...)" for the users of a batch, with their IDs as
// arguments.
func (b *betterAuth) in(recs []Record) (string, []any) {
	marks, args := make([]string, len(recs)), make([]any, len(recs))
	for i, r := range recs {
		marks[i], args[i] = b.d.Placeholder(i+1), r.ID
	}
	return "IN (" + strings.Join(marks, ", ") + ")", args
}

func (b *betterAuth) accounts(ctx context.Context, recs []Record, byID map[string]int) error {
	q := b.d.Quote
	in, args := b.in(recs)
	rows, err := b.db.QueryContext(ctx, fmt.Sprintf("SELECT %s, %s, %s, %s FROM %s WHERE %s %s ORDER BY %s",
		q("userId"), q("providerId"), q("accountId"), q("password"), q("account"), q("userId"), in, q("id")), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var uid, provider, subject string
		var password sql.NullString
		if err := rows.Scan(&uid, &provider, &subject, &password); err != nil {
			return err
		}
		i, ok := byID[uid] // exactly: MySQL's IN may match IDs differing in case
		if !ok {
			continue
		}
		if provider == "credential" {
			if password.Valid && password.String != "" {
				recs[i].Password = &Password{Scheme: BetterAuthScheme, Hash: auth.NewSecret(password.String)}
			}
			continue
		}
		recs[i].Accounts = append(recs[i].Accounts, Account{Provider: provider, Subject: subject})
	}
	return rows.Err()
}

func (b *betterAuth) sessions(ctx context.Context, recs []Record, byID map[string]int) error {
	q := b.d.Quote
	in, args := b.in(recs)
	rows, err := b.db.QueryContext(ctx, fmt.Sprintf("SELECT %s, %s, %s, %s, %s, %s, %s FROM %s WHERE %s %s ORDER BY %s",
		q("id"), q("userId"), q("token"), b.time("createdAt"), b.time("expiresAt"), q("ipAddress"), q("userAgent"), q("session"),
		q("userId"), in, q("id")), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s Session
		var uid, token string
		var ip, ua sql.NullString
		var created, expires any
		if err := rows.Scan(&s.ID, &uid, &token, &created, &expires, &ip, &ua); err != nil {
			return err
		}
		i, ok := byID[uid]
		if !ok {
			continue
		}
		s.Token, s.IP, s.UserAgent = auth.NewSecret(token), ip.String, ua.String
		if s.CreatedAt, err = sourceTime(created); err != nil {
			return fmt.Errorf("session %s: createdAt: %w", s.ID, err)
		}
		if s.ExpiresAt, err = sourceTime(expires); err != nil {
			return fmt.Errorf("session %s: expiresAt: %w", s.ID, err)
		}
		recs[i].Sessions = append(recs[i].Sessions, s)
	}
	return rows.Err()
}
