package coretest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
)

// TestMigrateLockReleaseFails makes the release of the migration lock
// fail (SQLite's COMMIT, pg_advisory_unlock, MySQL's RELEASE_LOCK): Migrate
// reports it, and the lock does not outlive the call, so that a Migrate
// from another pool finishes, and so does the next one from the same pool.
func TestMigrateLockReleaseFails(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		a, _ := newMigrateAuth(t, pool, e.Dialect)
		migrateReport(t, a) // up to date: a run now locks, reads and releases

		faults.Reset()
		migrateReport(t, a)
		release := faults.Statements() // the last statement of a run
		faults.FailAt(release)
		if err := a.Migrate(context.Background()); !errors.Is(err, authtest.ErrInjected) || !faults.Fired() {
			t.Fatalf("Migrate with a failing release (statement %d) = %v, want %v", release, err, authtest.ErrInjected)
		}

		other, _ := newMigrateAuth(t, e.Open(t), e.Dialect)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := other.Migrate(ctx); err != nil {
			t.Fatalf("Migrate from another pool after the failed release = %v, want nil", err)
		}
		faults.Reset()
		if err := a.Migrate(ctx); err != nil {
			t.Fatalf("Migrate from the same pool after the failed release = %v, want nil", err)
		}
	})
}
