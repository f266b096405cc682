package authtest_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSchemaChanges creates the tables under a prefix, twice (CREATE is
// idempotent), adds columns and an index, and uses them.
func TestSchemaChanges(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		opts := []sqlb.Option{sqlb.WithTableNames(func(s string) string { return "pfx_" + s })}
		if e.Dialect == sqlb.Postgres {
			opts = append(opts, sqlb.WithType("id", sqlb.Postgres, "UUID"))
		}
		db := e.SQL(opts...)
		ctx := context.Background()
		setupKinds(t, db)
		setupKinds(t, db)
		if err := db.Apply(ctx, sqlb.AddColumn(childNote), sqlb.AddColumn(childRank)); err != nil {
			t.Fatalf("AddColumn: %v", err)
		}
		if e.Dialect != sqlb.MySQL { // MySQL's CREATE INDEX is not idempotent: it belongs in a versioned migration
			if err := db.Apply(ctx, sqlb.CreateIndex(childByRank)); err != nil {
				t.Fatalf("CreateIndex: %v", err)
			}
		}
		id := "01900000-0000-7000-8000-000000000001"
		insertKind(t, db, id, "k")
		if _, err := db.Exec(ctx, sqlb.Insert(children).Row(childID.Set("01900000-0000-7000-8000-000000000002"), childParent.Set(id))); err != nil {
			t.Fatalf("insert child: %v", err)
		}
		var note sql.Null[string]
		var rank int64
		var parent string
		if err := db.One(ctx, sqlb.Select(childNote.Into(&note), childRank.Into(&rank), childParent.Into(&parent)).From(children)); err != nil {
			t.Fatal(err)
		}
		if note.Valid || rank != 7 || parent != id {
			t.Errorf("added columns = %v, %d, %q; want NULL, 7 (the default), %q", note, rank, parent, id)
		}
		var exists int64
		if err := e.SQL().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &exists)).From(kinds)); err == nil {
			t.Errorf("unprefixed table kinds exists; every statement should use the prefix")
		}
		if e.Dialect == sqlb.Postgres {
			var typ string
			err := e.DB.QueryRowContext(ctx, `SELECT data_type FROM information_schema.columns WHERE table_name = 'pfx_child' AND column_name = 'parent_id'`).Scan(&typ)
			if err != nil || typ != "uuid" {
				t.Errorf("type of a labeled id column = %q, %v; want uuid", typ, err)
			}
		}
	})
}

func TestTransactions(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		insertKind(t, db, "a", "ka")
		boom := sqlb.Update(kinds).Set(kindText.Set("changed")).Where(kindID.Eq("a"))
		err := db.InTx(ctx, nil, func(tx *sqlb.DB) error {
			if _, err := tx.Exec(ctx, boom); err != nil {
				return err
			}
			return context.Canceled
		})
		if err != context.Canceled {
			t.Errorf("InTx = %v, want the callback's error", err)
		}
		func() {
			defer func() { recover() }()
			db.InTx(ctx, nil, func(tx *sqlb.DB) error {
				tx.Exec(ctx, boom)
				panic("callback panics")
			})
		}()
		var text string
		if err := db.One(ctx, sqlb.Select(kindText.Into(&text)).From(kinds).Where(kindID.Eq("a"))); err != nil || text != "" {
			t.Errorf("after rolled-back transactions text = %q, %v; want it unchanged", text, err)
		}
		err = db.InTx(ctx, nil, func(tx *sqlb.DB) error {
			var id string
			if err := tx.One(ctx, sqlb.Select(kindID.Into(&id)).From(kinds).Where(kindID.Eq("a")).ForUpdate()); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, boom)
			return err
		})
		if err != nil {
			t.Fatalf("InTx with FOR UPDATE: %v", err)
		}
		if err := db.One(ctx, sqlb.Select(kindText.Into(&text)).From(kinds).Where(kindID.Eq("a"))); err != nil || text != "changed" {
			t.Errorf("after commit text = %q, %v; want changed", text, err)
		}
		if err := db.With(db.Querier()).InTx(ctx, nil, func(*sqlb.DB) error { return nil }); err != nil {
			t.Errorf("InTx on a pool: %v", err)
		}
		tx, err := e.DB.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		if err := db.With(tx).InTx(ctx, nil, func(*sqlb.DB) error { return nil }); err == nil {
			t.Error("InTx on a transaction = nil error, want one (transactions do not nest)")
		}
	})
}

// TestFaults runs a two-statement transaction with a failure at each
// statement and at the commit, on every engine: each run fails and leaves
// nothing half-written.
func TestFaults(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		setupKinds(t, e.SQL())
		faulty, faults := e.Faulty(t)
		db := sqlb.New(faulty, e.Dialect)
		clean := e.SQL()
		ctx := context.Background()
		setup := func(t *testing.T) {
			if _, err := clean.Exec(ctx, sqlb.Delete(kinds).All()); err != nil {
				t.Fatal(err)
			}
		}
		op := func() error {
			return db.InTx(ctx, nil, func(tx *sqlb.DB) error {
				var n int64
				if err := tx.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(kinds)); err != nil {
					return err
				}
				for _, id := range []string{"x", "y"} {
					r := row{id: id, key: id, raw: []byte{}, hash: []byte(id), at: time.Unix(0, 0)}
					if _, err := tx.Exec(ctx, r.insert()); err != nil {
						return err
					}
				}
				return nil
			})
		}
		check := func(t *testing.T) {
			t.Helper()
			if n := count(t, clean, kinds); n != 0 {
				t.Errorf("a failed run left %d rows, want 0", n)
			}
		}
		faults.Each(t, setup, op, check)
		if n := count(t, clean, kinds); n != 0 {
			t.Errorf("rows after the last faulty run = %d, want 0", n)
		}
		// Without a fault, the same operation writes its two rows.
		faults.Reset()
		if err := op(); err != nil || count(t, clean, kinds) != 2 || faults.Statements() != 3 || faults.Commits() != 1 {
			t.Errorf("op = %v; statements %d, commits %d; want nil, 3, 1", err, faults.Statements(), faults.Commits())
		}
	})
}
