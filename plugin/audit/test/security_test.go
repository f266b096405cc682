package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// TestEventsFollowTheTransaction: an event raised in an operation is on
// record exactly when the operation's writes are (a refusal that keeps
// its writes keeps it; a refusal or failure that rolls back does not,
// though the event sink heard of it), while an event raised before the
// transaction (a session check) is on record whatever the operation does.
// The audit sink hears only of what is on record.
func TestEventsFollowTheTransaction(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		c := f.signIn(t, "ada@example.com")
		f.clock.Advance(time.Second)
		t0 := f.clock.Now()
		setup := len(f.sink.sunk())

		mustOK(t, "probe.succeed", post(c, "/auth/probe/succeed", struct{}{}))
		f.clock.Advance(time.Second)
		wantError(t, "probe.keep", post(c, "/auth/probe/keep", struct{}{}), http.StatusConflict, errProbe.Code)
		f.clock.Advance(time.Second)
		wantError(t, "probe.refuse", post(c, "/auth/probe/refuse", struct{}{}), http.StatusConflict, errProbe.Code)
		f.clock.Advance(time.Second)
		wantError(t, "probe.fail", post(c, "/auth/probe/fail", struct{}{}), http.StatusInternalServerError, "internal")

		want := []string{"probe.succeeded", "probe.kept", "probe.checked"}
		all := f.all(t, audit.Filter{Since: t0})
		if got := types(all); !slices.Equal(got, want) {
			t.Errorf("records = %v, want %v", got, want)
		}
		for _, r := range all {
			if r.UserID != ada || r.ActorID != "" {
				t.Errorf("record %s is of %q (actor %q), want ada's own", r.Type, r.UserID, r.ActorID)
			}
		}
		if got := f.sink.sunk()[setup:]; !slices.Equal(got, want) {
			t.Errorf("audit sink got %v, want %v", got, want)
		}
		for _, typ := range []string{"probe.undone", "probe.failed"} {
			if !f.sink.heard(typ) {
				t.Errorf("the event sink did not hear of %s", typ)
			}
		}
	})
}

// TestImpersonationNamesTheActor: what an administrator does in an
// impersonation session is on record as the user's, with the
// administrator as its actor, and so is each request of that session to
// the host's routes; the Actor filter finds it all.
func TestImpersonationNamesTheActor(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		root := f.account(t, "root@example.com")
		ctx := context.Background()
		if _, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(root))); err != nil {
			t.Fatal(err)
		}
		c := f.signIn(t, "root@example.com")
		f.clock.Advance(time.Second)
		t0 := f.clock.Now()
		mustOK(t, "impersonate", post(c, "/auth/admin/impersonate", map[string]string{"userId": ada}))
		f.clock.Advance(time.Second)
		mustOK(t, "probe as ada", post(c, "/auth/probe/succeed", struct{}{}))
		f.clock.Advance(time.Second)
		if res := get(c, "/app"); res.Status != http.StatusOK || string(res.Body) != ada {
			t.Fatalf("GET /app while impersonating = %d %s, want ada", res.Status, res.Body)
		}

		byRoot := f.all(t, audit.Filter{Since: t0, ActorID: root})
		// The middleware admits the probe's request too; what one request
		// records happens at one instant, in no order.
		want := []string{admin.EventImpersonatedAction, admin.EventImpersonatedRequest, admin.EventImpersonatedRequest, "probe.succeeded"}
		got := types(byRoot)
		slices.Sort(got)
		if !slices.Equal(got, want) || byRoot[0].Type != admin.EventImpersonatedRequest || byRoot[0].Op != "" {
			t.Fatalf("records of root's acts = %v, want %v", got, want)
		}
		for _, r := range byRoot {
			if r.UserID != ada || r.ActorID != root || r.IP != loopback || r.UserAgent != userAgent {
				t.Errorf("record %s = %+v, want ada's with root as actor", r.Type, r)
			}
		}
		adminActs := f.all(t, audit.Filter{Since: t0, UserID: root, Types: []string{admin.EventAdminAction}})
		if len(adminActs) != 1 || adminActs[0].Op != admin.OpImpersonate {
			t.Errorf("root's admin actions = %+v, want the impersonation", adminActs)
		}
	})
}

// TestNoSecretOnRecord runs journeys with known passwords and tokens and
// looks for them in every column of every record, and in what the sinks
// got.
func TestNoSecretOnRecord(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []audit.Option{audit.WithOperation(password.OpChange, "password_change"),
			audit.WithOperation(auth.OpSignOut, "signed_out")})
		ada := f.account(t, "ada@example.com")
		root := f.account(t, "root@example.com")
		if _, err := f.a.DB().Exec(context.Background(), sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(root))); err != nil {
			t.Fatal(err)
		}
		secrets := []string{goodPassword, wrongPassword, newPassword}
		wantError(t, "wrong sign-in", post(f.client(), "/auth/password/sign-in",
			map[string]string{"email": "ada@example.com", "password": wrongPassword}), http.StatusUnauthorized, "invalid_credentials")
		c := f.signIn(t, "ada@example.com")
		secrets = append(secrets, c.Token)
		mustOK(t, "change password", post(c, "/auth/password/change",
			map[string]string{"currentPassword": goodPassword, "newPassword": newPassword}))
		secrets = append(secrets, c.Token)
		rc := f.signIn(t, "root@example.com")
		secrets = append(secrets, rc.Token)
		mustOK(t, "impersonate", post(rc, "/auth/admin/impersonate", map[string]string{"userId": ada}))
		secrets = append(secrets, rc.Token)
		mustOK(t, "probe", post(rc, "/auth/probe/succeed", struct{}{}))
		mustOK(t, "sign out", post(c, "/auth/sign-out", struct{}{}))

		rows, err := e.DB.Query("SELECT * FROM " + audit.Records.Name())
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		var text strings.Builder
		n := 0
		for rows.Next() {
			vals := make([]sql.RawBytes, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				text.Write(v)
				text.WriteByte('\n')
			}
			n++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		sunk, _ := json.Marshal(f.sink.records)
		text.Write(sunk)
		if n < 8 {
			t.Fatalf("only %d records: the journey did not run", n)
		}
		for _, s := range secrets {
			if s == "" || strings.Contains(text.String(), s) {
				t.Errorf("a record or the sink holds the secret %q (or a token is missing)", s)
			}
		}
	})
}

// TestRefusalsAreOnRecord: a rate-limit refusal is on record with the
// client, once per window as the event sink hears of it.
func TestRefusalsAreOnRecord(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := build(t, e, nil, []auth.Option{auth.WithRateLimit(password.OpSignIn, auth.RateRules{IP: auth.RateRule{Limit: 1, Window: time.Minute}})})
		f.account(t, "ada@example.com")
		t0 := f.clock.Now()
		c := f.signIn(t, "ada@example.com")
		for range 2 {
			wantError(t, "sign-in past the limit", post(c, "/auth/password/sign-in",
				map[string]string{"email": "ada@example.com", "password": goodPassword}), http.StatusTooManyRequests, "rate_limited")
		}
		limited := f.all(t, audit.Filter{Since: t0, Types: []string{auth.EventRateLimited}})
		if len(limited) != 1 || limited[0].IP != loopback || limited[0].Op != password.OpSignIn || limited[0].UserAgent != userAgent {
			t.Errorf("rate-limit records = %+v, want one with the client", limited)
		}
	})
}

// TestSinkFailureKeepsTheRecord: a sink that fails neither fails the
// operation nor loses the record, which Export sends again.
func TestSinkFailureKeepsTheRecord(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.account(t, "ada@example.com")
		t0 := f.clock.Now()
		f.sink.fail = true
		f.signIn(t, "ada@example.com")
		var out strings.Builder
		n, err := f.log.Export(context.Background(), &out, audit.Filter{Since: t0})
		if err != nil || n != 1 || !strings.Contains(out.String(), `"type":"signed_in"`) {
			t.Errorf("Export after a sink failure = %d, %v, %s; want the sign-in", n, err, out.String())
		}
	})
}

// TestConcurrentRecordsAllKept: 20 sign-ins at once, at one instant, are
// each on record once, and paging through them while more are written
// neither repeats nor skips one.
func TestConcurrentRecordsAllKept(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.account(t, "ada@example.com")
		t0 := f.clock.Now()
		const n = 20
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for range n {
			wg.Go(func() {
				res := post(f.client(), "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": goodPassword})
				if res.Status != http.StatusOK {
					errs <- fmt.Errorf("sign-in = %d %s", res.Status, res.Body)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		first := f.all(t, audit.Filter{Since: t0})
		if len(first) != n {
			t.Fatalf("%d records of %d sign-ins", len(first), n)
		}
		seen := map[string]bool{}
		filter := audit.Filter{Since: t0, Limit: 3}
		for {
			page, err := f.log.Query(context.Background(), filter)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range page.Records {
				if seen[r.ID] {
					t.Fatalf("record %s on two pages", r.ID)
				}
				seen[r.ID] = true
			}
			f.signIn(t, "ada@example.com") // a newer record, at the same instant, between pages
			if page.NextCursor == "" {
				break
			}
			filter.Cursor = page.NextCursor
		}
		for _, r := range first {
			if !seen[r.ID] {
				t.Errorf("record %s skipped by paging", r.ID)
			}
		}
	})
}
