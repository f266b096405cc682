package test

import (
	"context"
	"errors"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/sqlb"
)

// TestJourney runs the plugin's life on every engine, in batches of two:
// a dry run counts without writing; a pass mails the owners of accounts
// inactive for a year, once (a second pass mails nobody); an owner who
// signs in is cleared; one who never comes back is deleted 30 days after
// the mail, with their sessions, through the account event; an account
// with no address is counted, never mailed nor deleted; an active one is
// left alone.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, stale.WithBatchSize(2))
		ctx := context.Background()
		ada := f.account(t, "Ada", "ada@example.com")
		bob := f.account(t, "Bob", "bob@example.com")
		cy := f.account(t, "Cy", "")
		dan := f.account(t, "Dan", "dan@example.com")
		f.signIn(t, "bob@example.com") // a session that will not keep him
		f.clock.Advance(400 * day)
		f.signIn(t, "ada@example.com")

		dry, err := f.st.Run(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		if want := (stale.Report{Scanned: 4, Notified: 2, Unreachable: 1, Batches: 2}); dry != want {
			t.Fatalf("dry run = %+v, want %+v", dry, want)
		}
		if f.mail.total() != 0 || marks(t, f) != 0 {
			t.Fatalf("a dry run mailed %d and marked %d", f.mail.total(), marks(t, f))
		}

		if err := f.a.Maintain(ctx); err != nil {
			t.Fatal(err)
		}
		if f.mail.count("bob@example.com") != 1 || f.mail.count("dan@example.com") != 1 || f.mail.total() != 2 {
			t.Fatalf("mailed %v, want bob and dan once", f.mail.sent)
		}
		f.clock.Advance(day)
		again, err := f.st.Run(ctx, false)
		if err != nil || again.Notified != 0 || f.mail.total() != 2 {
			t.Fatalf("a second pass = %+v, %v, mailed %d; want nobody again", again, err, f.mail.total())
		}

		f.clock.Advance(10 * day)
		f.signIn(t, "dan@example.com")
		f.clock.Advance(20 * day) // 31 days after the mail
		r, err := f.st.Run(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		if r.Cleared != 1 || r.Deleted != 1 || r.Notified != 0 || r.Unreachable != 1 {
			t.Fatalf("the pass after the grace = %+v, want dan cleared and bob deleted", r)
		}
		for id, want := range map[string]bool{ada: true, bob: false, cy: true, dan: true} {
			if f.exists(t, id) != want {
				t.Errorf("user %s exists = %v, want %v", id, !want, want)
			}
		}
		var sessions int64
		if err := e.SQL().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &sessions)).From(auth.Sessions).Where(auth.SessionUserID.Eq(bob))); err != nil || sessions != 0 {
			t.Fatalf("bob's sessions after the deletion: %d, %v", sessions, err)
		}
		if marks(t, f) != 0 {
			t.Fatalf("%d marks left, want none", marks(t, f))
		}
	})
}

func marks(t testing.TB, f *fixture) int {
	t.Helper()
	var n int64
	if err := f.e.SQL().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(stale.Marks)); err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestResumes: a pass stopped after two batches (a crash, a deadline)
// resumes after them: the next pass looks at the rest only, and every
// owner is mailed exactly once.
func TestResumes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, stale.WithBatchSize(2))
		ctx := context.Background()
		for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
			f.account(t, name, name+"@example.com")
		}
		f.clock.Advance(400 * day)
		op, ok := f.a.Operation(stale.OpBatch)
		if !ok {
			t.Fatal("no batch operation")
		}
		for range 2 {
			if _, _, err := op.Invoke(ctx, func(any) error { return nil }); err != nil {
				t.Fatal(err)
			}
		}
		if f.mail.total() != 4 {
			t.Fatalf("two batches mailed %d, want 4", f.mail.total())
		}
		r, err := f.st.Run(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		if r.Scanned != 2 || r.Notified != 2 || f.mail.total() != 6 {
			t.Fatalf("the resumed pass = %+v, mailed %d in all; want the last two only", r, f.mail.total())
		}
		for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
			if n := f.mail.count(name + "@example.com"); n != 1 {
				t.Errorf("%s was mailed %d times", name, n)
			}
		}
		// The pass is done: the next one starts from the first user again.
		if r, err := f.st.Run(ctx, false); err != nil || r.Scanned != 6 || r.Notified != 0 {
			t.Fatalf("the next pass = %+v, %v, want all six looked at, nobody mailed", r, err)
		}
	})
}

// TestHostileInputs: the batch operation with hostile inputs (a Go
// caller's cursor) never fails with a server error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, stale.WithBatchSize(2))
		f.account(t, "a", "a@example.com")
		h := authtest.NewHostile(1, "00000000-0000-7000-8000-000000000000", "zzzz")
		for _, op := range f.st.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(context.Background(), func(v any) error { h.Fill(v); input = v; return nil })
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%+v) = %v, want no server error", op.Info().Name, input, err)
				}
			}
		}
	})
}
