package test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/password"
)

var loopback = netip.MustParseAddr("127.0.0.1")

// TestJourneyHTTP: a refused sign-in, a sign-in, a password change and
// another person's sign-in over HTTP are on record with their client,
// and each person's history shows their own records only.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		bob := f.account(t, "bob@example.com")
		t0 := f.clock.Now()
		setup := len(f.sink.sunk()) // the accounts' password_changed

		wantError(t, "wrong sign-in", post(f.client(), "/auth/password/sign-in",
			map[string]string{"email": "ada@example.com", "password": wrongPassword}), http.StatusUnauthorized, "invalid_credentials")
		f.clock.Advance(time.Second)
		c := f.signIn(t, "ada@example.com")
		f.clock.Advance(time.Second)
		mustOK(t, "change password", post(c, "/auth/password/change",
			map[string]string{"currentPassword": goodPassword, "newPassword": newPassword}))
		f.clock.Advance(time.Second)
		bc := f.signIn(t, "bob@example.com")

		all := f.all(t, audit.Filter{Since: t0})
		want := []string{auth.EventCredentialRefused, "signed_in", string(auth.PasswordChanged), "signed_in"}
		if got := types(all); !slices.Equal(got, want) {
			t.Fatalf("records = %v, want %v", got, want)
		}
		refused, in, changed, bobIn := all[3], all[2], all[1], all[0]
		if refused.UserID != "" || refused.Op != password.OpSignIn || refused.IP != loopback || refused.UserAgent != userAgent ||
			string(refused.Detail) != `{"detail":"invalid_credentials"}` || !refused.Time.Equal(t0) {
			t.Errorf("refused sign-in record = %+v", refused)
		}
		if in.UserID != ada || in.ActorID != "" || in.IP != loopback || in.UserAgent != userAgent || string(in.Detail) != `{}` ||
			!in.Time.Equal(t0.Add(time.Second)) {
			t.Errorf("sign-in record = %+v", in)
		}
		if changed.UserID != ada || changed.Op != password.OpChange || changed.IP != loopback {
			t.Errorf("password change record = %+v", changed)
		}
		if bobIn.UserID != bob {
			t.Errorf("bob's sign-in record = %+v", bobIn)
		}
		if got := f.sink.sunk()[setup:]; !slices.Equal(got, want) {
			t.Errorf("sink got %v, want %v", got, want)
		}

		var page audit.Page
		mustOK(t, "ada's history", get(c, "/auth/audit/history")).Decode(t, &page)
		want = []string{string(auth.PasswordChanged), "signed_in", string(auth.PasswordChanged)} // her account's set-up first
		if got := types(page.Records); !slices.Equal(got, want) || page.NextCursor != "" || page.Records[0].ID != changed.ID {
			t.Errorf("ada's history = %v (next %q), want %v", got, page.NextCursor, want)
		}
		mustOK(t, "ada's history, page 1", get(c, "/auth/audit/history?limit=1")).Decode(t, &page)
		if len(page.Records) != 1 || page.Records[0].ID != changed.ID || page.NextCursor == "" {
			t.Fatalf("ada's first page = %+v", page)
		}
		mustOK(t, "ada's history, page 2", get(c, "/auth/audit/history?limit=1&cursor="+page.NextCursor)).Decode(t, &page)
		if len(page.Records) != 1 || page.Records[0].ID != in.ID || page.NextCursor == "" {
			t.Fatalf("ada's second page = %+v", page)
		}
		mustOK(t, "ada's history, page 3", get(c, "/auth/audit/history?limit=1&cursor="+page.NextCursor)).Decode(t, &page)
		if len(page.Records) != 1 || page.Records[0].Op != password.OpSetPassword || page.NextCursor != "" {
			t.Fatalf("ada's last page = %+v", page)
		}
		mustOK(t, "bob's history", get(bc, "/auth/audit/history")).Decode(t, &page)
		if got := types(page.Records); len(got) != 2 || page.Records[0].ID != bobIn.ID || page.Records[1].UserID != bob {
			t.Errorf("bob's history = %+v, want his set-up and sign-in only", page.Records)
		}
		wantError(t, "history without a session", get(f.client(), "/auth/audit/history"), http.StatusUnauthorized, "no_session")
	})
}

// TestJourneyGo: the same through typed Go calls, with filters, and the
// export as JSON lines. A server call has no client: its records have no
// IP or User-Agent.
func TestJourneyGo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		bob := f.account(t, "bob@example.com")
		ctx := context.Background()
		t0 := f.clock.Now()
		for i, who := range []string{"ada@example.com", "bob@example.com", "ada@example.com"} {
			f.clock.Advance(time.Minute)
			pass := goodPassword
			if i == 1 {
				pass = wrongPassword
			}
			_, err := f.pw.SignIn(ctx, password.SignInRequest{Email: who, Password: auth.NewSecret(pass)})
			if (err != nil) != (i == 1) {
				t.Fatalf("sign-in %d of %s = %v", i, who, err)
			}
		}
		all := f.all(t, audit.Filter{Since: t0})
		if got, want := types(all), []string{"signed_in", auth.EventCredentialRefused, "signed_in"}; !slices.Equal(got, want) {
			t.Fatalf("records = %v, want %v", got, want)
		}
		if all[1].IP.IsValid() || all[1].UserAgent != "" {
			t.Errorf("a server call's record = %+v, want no client", all[1])
		}
		tests := []struct {
			name   string
			filter audit.Filter
			want   []string // IDs, newest first
		}{
			{"by type", audit.Filter{Since: t0, Types: []string{auth.EventCredentialRefused}}, []string{all[1].ID}},
			{"by types", audit.Filter{Since: t0, Types: []string{auth.EventCredentialRefused, "signed_in"}}, []string{all[0].ID, all[1].ID, all[2].ID}},
			{"by user", audit.Filter{Since: t0, UserID: ada}, []string{all[0].ID, all[2].ID}},
			{"by a user with none", audit.Filter{Since: t0, UserID: bob}, nil},
			{"since", audit.Filter{Since: t0.Add(2 * time.Minute)}, []string{all[0].ID, all[1].ID}},
			{"since, between two microseconds", audit.Filter{Since: t0.Add(2*time.Minute - time.Nanosecond)}, []string{all[0].ID, all[1].ID}},
			{"until, between two microseconds", audit.Filter{Since: t0, Until: t0.Add(time.Minute + time.Nanosecond)}, []string{all[2].ID}},
			{"until", audit.Filter{Since: t0, Until: t0.Add(2 * time.Minute)}, []string{all[2].ID}},
			{"between", audit.Filter{Since: t0.Add(2 * time.Minute), Until: t0.Add(3 * time.Minute)}, []string{all[1].ID}},
			{"by organization", audit.Filter{OrganizationID: ada}, nil},
			{"by actor", audit.Filter{ActorID: ada}, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				var got []string
				for _, r := range f.all(t, tt.filter) {
					got = append(got, r.ID)
				}
				if !slices.Equal(got, tt.want) {
					t.Errorf("Query(%+v) = %v, want %v", tt.filter, got, tt.want)
				}
			})
		}

		var buf bytes.Buffer
		n, err := f.log.Export(ctx, &buf, audit.Filter{Since: t0, Limit: 2})
		if err != nil || n != 3 {
			t.Fatalf("Export = %d, %v, want 3", n, err)
		}
		dec := json.NewDecoder(&buf)
		for i := range 3 {
			var r audit.Record
			if err := dec.Decode(&r); err != nil {
				t.Fatal(err)
			}
			if r.ID != all[i].ID || r.Type != all[i].Type || !r.Time.Equal(all[i].Time) || r.UserID != all[i].UserID {
				t.Errorf("exported line %d = %+v, want %+v", i, r, all[i])
			}
		}

		c := f.signIn(t, "bob@example.com")
		page, err := f.log.History(goCtx(c), audit.HistoryRequest{})
		if got := types(page.Records); err != nil || !slices.Equal(got, []string{string(auth.PasswordChanged), "signed_in"}) ||
			page.Records[0].UserID != bob || page.Records[1].UserID != bob {
			t.Errorf("History(bob) = %+v, %v, want his set-up and sign-in", page, err)
		}
		if _, err := f.log.History(ctx, audit.HistoryRequest{}); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("History without a session = %v, want %v", err, auth.ErrNoSession)
		}
	})
}

// TestSweep deletes the records past the retention and keeps the others.
func TestSweep(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []audit.Option{audit.WithRetention(24 * time.Hour)})
		f.account(t, "ada@example.com")
		f.signIn(t, "ada@example.com")
		f.clock.Advance(24*time.Hour + time.Microsecond)
		c := f.signIn(t, "ada@example.com")
		if _, err := f.a.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		all := f.all(t, audit.Filter{})
		if len(all) != 1 || !all[0].Time.Equal(f.clock.Now()) {
			t.Fatalf("after Sweep = %+v, want the newer sign-in only", all)
		}
		mustOK(t, "history after Sweep", get(c, "/auth/audit/history"))
	})
}
