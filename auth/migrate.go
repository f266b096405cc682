package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// MigrateOption configures [Auth.Migrate].
type MigrateOption func(*migrateConfig)

type migrateConfig struct {
	progress func(plugin string, applied []string)
}

// MigrateProgress calls fn once per plugin (the core is "core") with the
// IDs of the migrations it applied, none when it was up to date.
func MigrateProgress(fn func(plugin string, applied []string)) MigrateOption {
	return func(c *migrateConfig) { c.progress = fn }
}

// coreMigrations are the core's schema changes, in order.
var coreMigrations = []Migration{
	Changes("001_core", sqlb.CreateTable(Users), sqlb.CreateTable(Identities), sqlb.CreateTable(Sessions),
		sqlb.CreateTable(Tokens), sqlb.CreateTable(RateLimits)),
	// Tokens bound to their user, identity and session, so that an
	// account-security event can end the flows they would complete.
	Changes("002_token_binding", sqlb.AddColumn(TokenUserID), sqlb.AddColumn(TokenIdentityID),
		sqlb.AddColumn(TokenSessionID), sqlb.AddColumn(TokenRemedy),
		sqlb.CreateIndex(tokensByUser), sqlb.CreateIndex(tokensByIdentity)),
	// The outbox of WithOutbox.
	Changes("003_outbox", sqlb.CreateTable(Outbox)),
	// The identifier each account was made with, the only unverified one
	// that may name its holder.
	{ID: "004_identity_sign_up", Apply: func(ctx context.Context, db *sqlb.DB) error {
		if err := db.Apply(ctx, sqlb.AddColumn(IdentitySignUp)); err != nil {
			return err
		}
		return markSignUps(ctx, db)
	}},
	// Stateless sessions: the count of account-security events that
	// ended them all, and the list of those ended one by one.
	Changes("005_stateless_sessions", sqlb.AddColumn(UserSessionEpoch), sqlb.CreateTable(Revocations)),
}

// markSignUps marks, in a database made before migration 004, each
// account's first identity as its sign-up identifier when it was made
// with the account (within seconds of it): later ones were added.
func markSignUps(ctx context.Context, db *sqlb.DB) error {
	var id, user, last string
	var made, joined time.Time
	var ids []string
	q := sqlb.Select(IdentityID.Into(&id), IdentityUserID.Into(&user), IdentityCreatedAt.Into(&made), UserCreatedAt.Into(&joined)).
		From(Identities).Join(Users, UserID.EqCol(IdentityUserID)).
		OrderBy(IdentityUserID.Asc(), IdentityCreatedAt.Asc(), IdentityID.Asc())
	err := db.All(ctx, q, func() error {
		if user != last && made.Sub(joined) < 10*time.Second {
			ids = append(ids, id)
		}
		last = user
		return nil
	})
	if err != nil {
		return err
	}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		if _, err := db.Exec(ctx, sqlb.Update(Identities).Set(IdentitySignUp.Set(true)).Where(IdentityID.In(ids[:n]...))); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// Migrate creates and updates the core's and the plugins' tables. It is
// idempotent, and safe when several processes run it at once: they take
// turns under a lock (an advisory lock on PostgreSQL, a named lock on
// MySQL, the write lock on SQLite), and each migration runs once. The
// lock lives with the connection that took it: when its release fails,
// Migrate closes that connection, which drops the lock, rather than leave
// it held in the pool.
func (a *Auth) Migrate(ctx context.Context, opts ...MigrateOption) error {
	var mc migrateConfig
	for _, o := range opts {
		o(&mc)
	}
	conn, err := a.cfg.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("auth: migrate: %w", err)
	}
	defer conn.Close()
	release, err := a.lock(ctx, conn)
	if err != nil {
		discard(conn) // it may hold the lock all the same
		return fmt.Errorf("auth: migrate: lock: %w", err)
	}
	db := a.db.With(conn)
	err = a.migrate(ctx, migrationRun{db: db, state: db, tx: a.cfg.dialect == sqlb.Postgres, progress: mc.progress})
	if rerr := release(err == nil); rerr != nil {
		discard(conn)
		if err == nil {
			err = fmt.Errorf("auth: migrate: release the lock: %w", rerr)
		}
	}
	return err
}

// migrationRun is one run of the migrations: Migrate's on the locked
// connection, or a plan's on a [sqlb.DryRun].
type migrationRun struct {
	// db is where the migrations run.
	db *sqlb.DB
	// state is where the applied migrations are read from; nil when none
	// are (a plan for an empty database).
	state *sqlb.DB
	// tx runs each migration in a transaction of its own, on engines
	// whose DDL is transactional and not already in one.
	tx bool
	// progress hears of each plugin's applied migrations.
	progress func(plugin string, applied []string)
	// applying hears of each migration before it runs.
	applying func(plugin, id string)
}

func (a *Auth) migrate(ctx context.Context, run migrationRun) error {
	if err := run.db.Apply(ctx, sqlb.CreateTable(Migrations)); err != nil {
		return fmt.Errorf("auth: migrate: %w", err)
	}
	for _, set := range a.migrationSets() {
		applied, err := a.migrateSet(ctx, run, set.plugin, set.migrations)
		if err != nil {
			return fmt.Errorf("auth: migrate %s: %w", set.plugin, err)
		}
		if run.progress != nil {
			run.progress(set.plugin, applied)
		}
	}
	return nil
}

type migrationSet struct {
	plugin     string
	migrations []Migration
}

// migrationSets lists the core's migrations, then each plugin's: its user
// fields' columns first, then its own migrations.
func (a *Auth) migrationSets() []migrationSet {
	sets := []migrationSet{{"core", coreMigrations}}
	for _, p := range a.cfg.plugins {
		var ms []Migration
		if u, ok := p.(UserExtender); ok {
			for _, f := range u.UserFields() {
				ms = append(ms, Changes("user_field_"+f.Column().Name(), sqlb.AddColumn(f.Column())))
			}
		}
		if s, ok := p.(Schema); ok {
			ms = append(ms, s.Migrations()...)
		}
		if len(ms) > 0 {
			sets = append(sets, migrationSet{p.Name(), ms})
		}
	}
	return sets
}

// appliedMigrations returns the IDs of the plugin's recorded migrations.
func appliedMigrations(ctx context.Context, state *sqlb.DB, plugin string) (map[string]bool, error) {
	done := map[string]bool{}
	if state == nil {
		return done, nil
	}
	var id string
	err := state.All(ctx, sqlb.Select(MigrationID.Into(&id)).From(Migrations).Where(MigrationPlugin.Eq(plugin)),
		func() error { done[id] = true; return nil })
	return done, err
}

// migrateSet applies the plugin's migrations not yet recorded, in order.
func (a *Auth) migrateSet(ctx context.Context, run migrationRun, plugin string, ms []Migration) ([]string, error) {
	done, err := appliedMigrations(ctx, run.state, plugin)
	if err != nil {
		return nil, err
	}
	applied := []string{}
	for _, m := range ms {
		if done[m.ID] {
			continue
		}
		if run.applying != nil {
			run.applying(plugin, m.ID)
		}
		record := sqlb.Insert(Migrations).Row(MigrationPlugin.Set(plugin), MigrationID.Set(m.ID), MigrationAppliedAt.Set(a.Now()))
		if !run.tx {
			// MySQL commits DDL as it goes, so no transaction can hold it;
			// on SQLite the whole run is one transaction already (lock).
			if err := m.Apply(ctx, run.db); err != nil {
				return applied, fmt.Errorf("%s: %w", m.ID, err)
			}
			if _, err := run.db.Exec(ctx, record); err != nil {
				return applied, err
			}
		} else {
			err := run.db.InTx(ctx, nil, func(tx *sqlb.DB) error {
				if err := m.Apply(ctx, tx); err != nil {
					return fmt.Errorf("%s: %w", m.ID, err)
				}
				_, err := tx.Exec(ctx, record)
				return err
			})
			if err != nil {
				return applied, err
			}
		}
		applied = append(applied, m.ID)
	}
	return applied, nil
}

// lock takes the migration lock on conn and returns its release, told
// whether the migrations succeeded. The lock belongs to conn's database
// session: a connection whose release failed still holds it, and must not
// go back to the pool (see discard).
func (a *Auth) lock(ctx context.Context, conn *sql.Conn) (func(ok bool) error, error) {
	name := a.realName("auth_migration")
	switch a.cfg.dialect {
	case sqlb.Postgres:
		h := fnv.New64a()
		h.Write([]byte("sesame:" + name))
		key := int64(h.Sum64())
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
			return nil, err
		}
		return func(bool) error {
			_, err := conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key)
			return err
		}, nil
	case sqlb.MySQL:
		var got sql.NullInt64
		// GET_LOCK names are server-wide and at most 64 characters: a hash of
		// the database's name and the table's keeps databases apart.
		if err := conn.QueryRowContext(ctx, "SELECT GET_LOCK(SHA2(CONCAT(DATABASE(), ':', ?), 256), 60)", "sesame:"+name).Scan(&got); err != nil {
			return nil, err
		}
		if got.Int64 != 1 {
			return nil, errors.New("another process held the migration lock for 60 seconds")
		}
		return func(bool) error {
			_, err := conn.ExecContext(context.WithoutCancel(ctx), "SELECT RELEASE_LOCK(SHA2(CONCAT(DATABASE(), ':', ?), 256))", "sesame:"+name)
			return err
		}, nil
	}
	// SQLite: an immediate transaction on conn holds the database's write
	// lock; other processes wait for it through their busy timeout. The
	// migrations then run on conn inside that one transaction.
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return nil, err
	}
	return func(ok bool) error {
		end := "COMMIT"
		if !ok {
			end = "ROLLBACK"
		}
		_, err := conn.ExecContext(context.WithoutCancel(ctx), end)
		return err
	}, nil
}
