package schema

import (
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestUpgradeRunsPendingDataMigration builds v0.1.0's database without
// its last core migration, 004_identity_sign_up (a column and a data
// migration over existing rows), on every engine, and fills it: --print-sql
// then lists that migration alone, with its read; Migrate runs it; the
// identities made with their accounts are marked, the one added later is
// not; and no drift is left.
func TestUpgradeRunsPendingDataMigration(t *testing.T) {
	var v010 []baseline
	for _, b := range releases(t) {
		if b.release == "v0.1.0" {
			v010 = append(v010, b)
		}
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		var old baseline
		for _, b := range v010 {
			if b.dialect == e.Dialect {
				old = b
			}
		}
		live := restore(t, e, old, func(s baselineStep) bool { return s.plugin != "core" || s.id != "004_identity_sign_up" })
		ctx := t.Context()
		db := e.SQL()
		joined := epoch.Add(-48 * time.Hour)
		person := func(id string, identities ...struct {
			id, kind, value string
			after           time.Duration
		}) {
			insertOld(t, db, live, auth.Users, cell{auth.UserID, auth.UserID.Set(id)}, cell{auth.UserName, auth.UserName.Set("")},
				cell{auth.UserImage, auth.UserImage.Set("")}, cell{auth.UserCreatedAt, auth.UserCreatedAt.Set(joined)},
				cell{auth.UserUpdatedAt, auth.UserUpdatedAt.Set(joined)})
			for _, i := range identities {
				insertOld(t, db, live, auth.Identities, cell{auth.IdentityID, auth.IdentityID.Set(i.id)},
					cell{auth.IdentityKindName, auth.IdentityKindName.Set(i.kind)}, cell{auth.IdentityValue, auth.IdentityValue.Set(i.value)},
					cell{auth.IdentityScope, auth.IdentityScope.Set("")}, cell{auth.IdentityUserID, auth.IdentityUserID.Set(id)},
					cell{auth.IdentityData, auth.IdentityData.Set("")}, cell{auth.IdentityCreatedAt, auth.IdentityCreatedAt.Set(joined.Add(i.after))})
			}
		}
		type ident = struct {
			id, kind, value string
			after           time.Duration
		}
		person("01936b2e-0000-7000-8000-0000000000a1",
			ident{"01936b2e-0000-7000-8000-0000000000b1", "email", "ada@example.com", time.Second},
			ident{"01936b2e-0000-7000-8000-0000000000b2", "username", "ada", 24 * time.Hour})
		person("01936b2e-0000-7000-8000-0000000000a2",
			ident{"01936b2e-0000-7000-8000-0000000000b3", "email", "late@example.com", time.Minute})

		f := newFixture(t, e, nil)
		plan, err := f.a.PlanMigrations(ctx)
		if err != nil {
			t.Fatalf("PlanMigrations: %v", err)
		}
		if len(plan.Migrations) != 1 || plan.Migrations[0].ID != "004_identity_sign_up" {
			t.Fatalf("pending = %+v, want core/004_identity_sign_up alone", plan.Migrations)
		}
		script := plan.SQL()
		for _, want := range []string{"-- core 004_identity_sign_up", "ADD COLUMN", "sign_up", "-- reads: SELECT"} {
			if !strings.Contains(script, want) {
				t.Errorf("--print-sql lacks %q:\n%s", want, script)
			}
		}
		if err := f.a.Migrate(ctx); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		want := map[string]bool{"01936b2e-0000-7000-8000-0000000000b1": true, "01936b2e-0000-7000-8000-0000000000b2": false,
			"01936b2e-0000-7000-8000-0000000000b3": false}
		var id string
		var signUp bool
		err = f.a.DB().All(ctx, sqlb.Select(auth.IdentityID.Into(&id), auth.IdentitySignUp.Into(&signUp)).From(auth.Identities), func() error {
			if w, ok := want[id]; !ok || signUp != w {
				t.Errorf("identity %s sign_up = %v, want %v", id, signUp, w)
			}
			delete(want, id)
			return nil
		})
		if err != nil || len(want) != 0 {
			t.Errorf("reading identities: %v; not found: %v", err, want)
		}
		if drift, err := f.a.CheckSchema(ctx); err != nil || !drift.None() {
			t.Errorf("CheckSchema after the upgrade = %v:\n%s", err, drift)
		}
	})
}
