package test

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// bulkUsers is how many users the bulk pass looks at on every engine.
const bulkUsers = 100_000

// TestBulkPass runs a pass over 100 000 generated users in batches of
// 1 000, one transaction each, on every engine: every hundredth user is
// inactive with an address and is mailed, once; the heap measured during
// the pass stays within a bound that one transaction over every user
// would exceed.
func TestBulkPass(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		start := time.Now()
		insertUsers(t, e.SQL(), f.clock.Now())
		t.Logf("%s: %d users inserted in %v", e.Name, bulkUsers, time.Since(start).Round(time.Millisecond))
		f.clock.Advance(400 * day)

		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		var peak atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			var m runtime.MemStats
			for {
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
		start = time.Now()
		r, err := f.st.Run(ctx, false)
		close(stop)
		<-done
		if err != nil {
			t.Fatal(err)
		}
		growth := int64(peak.Load()) - int64(base.HeapAlloc)
		t.Logf("%s: pass %+v in %v, heap %d KiB above the start at its peak", e.Name, r, time.Since(start).Round(time.Millisecond), growth>>10)
		if r.Scanned != bulkUsers || r.Notified != bulkUsers/100 || r.Batches != bulkUsers/1000 || f.mail.total() != bulkUsers/100 {
			t.Fatalf("pass = %+v, mailed %d; want %d looked at in %d batches, %d mailed", r, f.mail.total(), bulkUsers, bulkUsers/1000, bulkUsers/100)
		}
		// A batch of 1 000 users peaks near 3 MiB on every engine; the
		// whole table in one transaction would hold 100 times as many.
		if growth > 16<<20 {
			t.Fatalf("the heap grew by %d MiB during the pass, want a bounded few", growth>>20)
		}
		if again, err := f.st.Run(ctx, false); err != nil || again.Notified != 0 || f.mail.total() != bulkUsers/100 {
			t.Fatalf("a second pass = %+v, %v: nobody is mailed twice", again, err)
		}
	})
}

// insertUsers writes bulkUsers users, 1 000 per statement: every
// hundredth made at now with an address, the others a year later (so
// active when the pass runs).
func insertUsers(t testing.TB, db *sqlb.DB, now time.Time) {
	t.Helper()
	ctx := context.Background()
	for chunk := 0; chunk < bulkUsers/1000; chunk++ {
		ins := sqlb.Insert(auth.Users)
		for i := chunk * 1000; i < (chunk+1)*1000; i++ {
			id := fmt.Sprintf("00000000-0000-7000-8000-%012d", i)
			created, addr := now.Add(380*day), sql.Null[string]{}
			if i%100 == 0 {
				created, addr = now, sql.Null[string]{V: fmt.Sprintf("u%d@example.com", i), Valid: true}
			}
			ins.Row(auth.UserID.Set(id), auth.UserName.Set("bulk"), auth.UserImage.Set(""), auth.UserCreatedAt.Set(created),
				auth.UserUpdatedAt.Set(created), email.PrimaryEmail.Set(addr))
		}
		if _, err := db.Exec(ctx, ins); err != nil {
			t.Fatal(err)
		}
	}
}
