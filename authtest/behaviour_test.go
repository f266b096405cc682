package authtest_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

func insertKind(t *testing.T, db *sqlb.DB, id, key string) {
	t.Helper()
	r := row{id: id, key: key, raw: []byte{}, hash: []byte(key), at: time.Unix(0, 0)}
	if _, err := db.Exec(context.Background(), r.insert()); err != nil {
		t.Fatalf("insert %s: %v", id, err)
	}
}

func count(t *testing.T, db *sqlb.DB, tbl *sqlb.Table) int64 {
	t.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(tbl)); err != nil {
		t.Fatalf("count %s: %v", tbl.Name(), err)
	}
	return n
}

func TestUniqueViolation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		insertKind(t, db, "a", "k")
		dup := row{id: "b", key: "k", raw: []byte{}, hash: []byte("b"), at: time.Unix(0, 0)}
		_, err := db.Exec(ctx, dup.insert())
		if !sqlb.IsUniqueViolation(err) {
			t.Errorf("duplicate unique key: IsUniqueViolation(%v) = false, want true", err)
		}
		_, err = db.Exec(ctx, row{id: "a", key: "other", raw: []byte{}, hash: []byte("c"), at: time.Unix(0, 0)}.insert())
		if !sqlb.IsUniqueViolation(err) {
			t.Errorf("duplicate primary key: IsUniqueViolation(%v) = false, want true", err)
		}
		_, err = db.Exec(ctx, sqlb.Insert(children).Row(childID.Set("c"), childParent.Set("missing")))
		if err == nil || sqlb.IsUniqueViolation(err) {
			t.Errorf("foreign key violation: err %v, IsUniqueViolation true; want a non-unique error", err)
		}
	})
}

func TestUpsert(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		incr := func(k string) {
			t.Helper()
			_, err := db.Exec(ctx, sqlb.Insert(counters).Row(counterKey.Set(k), counterCount.Set(1)).
				OnConflictUpdate([]sqlb.AnyColumn{counterKey}, counterCount.SetTo(sqlb.Add(counterCount, sqlb.Excluded(counterCount)))))
			if err != nil {
				t.Fatalf("upsert %s: %v", k, err)
			}
		}
		incr("a")
		incr("a")
		incr("b")
		var n int64
		if err := db.One(ctx, sqlb.Select(counterCount.Into(&n)).From(counters).Where(counterKey.Eq("a"))); err != nil || n != 2 {
			t.Errorf("count of a = %d, %v; want 2", n, err)
		}
		ignored, err := db.Exec(ctx, sqlb.Insert(counters).Row(counterKey.Set("a"), counterCount.Set(100)).OnConflictDoNothing(counterKey))
		if err != nil || ignored != 0 {
			t.Errorf("insert-or-ignore of an existing key = %d, %v; want 0 rows", ignored, err)
		}
		// A conditional reset, as a fixed rate-limit window does.
		_, err = db.Exec(ctx, sqlb.Insert(counters).Row(counterKey.Set("a"), counterCount.Set(1)).
			OnConflictUpdate([]sqlb.AnyColumn{counterKey}, counterCount.SetTo(
				sqlb.If(counterCount.Ge(2), sqlb.Val[int64](0), sqlb.Add(counterCount, sqlb.Val[int64](1))))))
		if err != nil {
			t.Fatal(err)
		}
		if err := db.One(ctx, sqlb.Select(counterCount.Into(&n)).From(counters).Where(counterKey.Eq("a"))); err != nil || n != 0 {
			t.Errorf("count of a after reset = %d, %v; want 0", n, err)
		}
	})
}

// TestConcurrentIncrements proves that atomic upserts lose no update under
// concurrency on every engine.
func TestConcurrentIncrements(t *testing.T) {
	const workers, each = 10, 10
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, workers*each)
		for range workers {
			wg.Go(func() {
				for range each {
					_, err := db.Exec(ctx, sqlb.Insert(counters).Row(counterKey.Set("k"), counterCount.Set(1)).
						OnConflictUpdate([]sqlb.AnyColumn{counterKey}, counterCount.SetTo(sqlb.Add(counterCount, sqlb.Val[int64](1)))))
					if err != nil {
						errs <- err
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("increment: %v", err)
		}
		var n int64
		if err := db.One(ctx, sqlb.Select(counterCount.Into(&n)).From(counters).Where(counterKey.Eq("k"))); err != nil || n != workers*each {
			t.Errorf("count = %d, %v; want %d", n, err, workers*each)
		}
	})
}

func TestQueries(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		for i := range 5 {
			insertKind(t, db, fmt.Sprintf("p%d", i), fmt.Sprintf("k%d", i))
			for j := range i {
				_, err := db.Exec(ctx, sqlb.Insert(children).Row(childID.Set(fmt.Sprintf("c%d%d", i, j)), childParent.Set(fmt.Sprintf("p%d", i))))
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		var id string
		if err := db.One(ctx, sqlb.Select(kindID.Into(&id)).From(kinds).Where(kindID.Eq("nobody"))); !errors.Is(err, sql.ErrNoRows) {
			t.Errorf("One(no match) = %v, want sql.ErrNoRows", err)
		}
		var got []string
		q := sqlb.Select(kindID.Into(&id)).From(kinds).Where(kindID.In("p1", "p2", "p3", "p4")).OrderBy(kindID.Desc()).Limit(2).Offset(1)
		if err := db.All(ctx, q, func() error { got = append(got, id); return nil }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[p3 p2]" {
			t.Errorf("ordered page = %v, want [p3 p2]", got)
		}
		var parent, child string
		got = nil
		join := sqlb.Select(kindID.Into(&parent), childID.Into(&child)).From(kinds).Join(children, childParent.EqCol(kindID)).
			Where(sqlb.Or(kindKey.Eq("k2"), kindKey.Eq("k1"))).OrderBy(childID.Asc())
		if err := db.All(ctx, join, func() error { got = append(got, parent+"/"+child); return nil }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[p1/c10 p2/c20 p2/c21]" {
			t.Errorf("join = %v, want [p1/c10 p2/c20 p2/c21]", got)
		}
		var none sql.Null[string]
		got = nil
		left := sqlb.Select(kindID.Into(&parent), sqlb.OrNull(childID).Into(&none)).From(kinds).
			LeftJoin(children, childParent.EqCol(kindID)).Where(childID.IsNull())
		if err := db.All(ctx, left, func() error { got = append(got, fmt.Sprintf("%s %v", parent, none.Valid)); return nil }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[p0 false]" {
			t.Errorf("left join without children = %v, want [p0 false]", got)
		}
		stop := errors.New("stop")
		if err := db.All(ctx, sqlb.Select(kindID.Into(&id)).From(kinds), func() error { return stop }); !errors.Is(err, stop) {
			t.Errorf("All with a failing callback = %v, want %v", err, stop)
		}
		n, err := db.Exec(ctx, sqlb.Update(kinds).Set(kindText.Set("seen")).Where(kindID.NotIn("p0")))
		if err != nil || n != 4 {
			t.Errorf("update = %d, %v; want 4 rows", n, err)
		}
		n, err = db.Exec(ctx, sqlb.Delete(kinds).Where(kindID.Eq("p4")))
		if err != nil || n != 1 {
			t.Errorf("delete = %d, %v; want 1 row", n, err)
		}
		if c := count(t, db, children); c != 6 {
			t.Errorf("children after cascading delete = %d, want 6", c)
		}
		if n, err := db.Exec(ctx, sqlb.Delete(kinds).All()); err != nil || n != 4 {
			t.Errorf("delete all = %d, %v; want 4 rows", n, err)
		}
	})
}

// TestStatementCacheFollowsThePool: a DB made With another pool shares the
// statement cache but runs its statements on its own pool, never on a
// statement prepared on the first (which would read the other database).
func TestStatementCacheFollowsThePool(t *testing.T) {
	ctx := context.Background()
	open := func(name string) *sql.DB {
		pool, err := sql.Open("sqlite", authtest.SQLiteDSN(filepath.Join(t.TempDir(), name)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { pool.Close() })
		return pool
	}
	first := sqlb.New(open("first.db"), sqlb.SQLite, sqlb.WithStatementCache(8))
	second := first.With(open("second.db"))
	for _, db := range []*sqlb.DB{first, second} {
		setupKinds(t, db)
	}
	insertKind(t, first, "c1", "in-first")
	insertKind(t, second, "c2", "in-second")
	for _, tc := range []struct {
		db   *sqlb.DB
		want string
	}{{first, "c1"}, {second, "c2"}, {first, "c1"}} {
		var id string
		if err := tc.db.One(ctx, sqlb.Select(kindID.Into(&id)).From(kinds).Limit(1)); err != nil || id != tc.want {
			t.Fatalf("select through the cache = %q, %v; want %q, the row of its own pool", id, err, tc.want)
		}
	}
}

// TestStatementCache: with a cache of one statement, the first distinct
// statement is prepared and reused, and the ones past the limit still run,
// unprepared, with the same results.
func TestStatementCache(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL(sqlb.WithStatementCache(1))
		setupKinds(t, db)
		ctx := context.Background()
		for i := range 3 {
			insertKind(t, db, fmt.Sprintf("c%d", i), fmt.Sprintf("k%d", i))
			var id string
			if err := db.One(ctx, sqlb.Select(kindID.Into(&id)).From(kinds).Where(kindKey.Eq(fmt.Sprintf("k%d", i)))); err != nil || id != fmt.Sprintf("c%d", i) {
				t.Fatalf("select %d through the cache = %q, %v", i, id, err)
			}
		}
		if n := count(t, db, kinds); n != 3 {
			t.Errorf("rows = %d, want 3", n)
		}
	})
}
