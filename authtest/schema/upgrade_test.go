package schema

import (
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// cell is one column's value in a row written with plain inserts.
type cell struct {
	col sqlb.AnyColumn
	set sqlb.Assignment
}

// insertOld writes a row the way a release's schema allowed: only the
// columns its table has (a column added since is left to its default).
func insertOld(t *testing.T, db *sqlb.DB, live *sqlb.Schema, table *sqlb.Table, cells ...cell) {
	t.Helper()
	ts, ok := live.Tables[db.TableName(table)]
	if !ok {
		t.Fatalf("the release has no table %s", table.Name())
	}
	var row []sqlb.Assignment
	for _, c := range cells {
		if _, ok := ts.Column(c.col.Name()); ok {
			row = append(row, c.set)
		}
	}
	if _, err := db.Exec(t.Context(), sqlb.Insert(table).Row(row...)); err != nil {
		t.Fatalf("insert into %s: %v", table.Name(), err)
	}
}

// TestUpgradeFromReleases creates, for each release in testdata, its
// schema and migration records on every engine, fills it with a person
// who has a password, a verified address and a live session, migrates with
// today's code, finds no drift, and runs the journey: the session still
// holds, the old password signs in, a new person signs up, verifies the
// address and signs in.
func TestUpgradeFromReleases(t *testing.T) {
	byRelease := map[string]map[*sqlb.Dialect]baseline{}
	for _, b := range releases(t) {
		if byRelease[b.release] == nil {
			byRelease[b.release] = map[*sqlb.Dialect]baseline{}
		}
		byRelease[b.release][b.dialect] = b
	}
	for release, bs := range byRelease {
		t.Run(release, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) { upgrade(t, e, bs[e.Dialect]) })
		})
	}
}

// restore builds a release's database on e from its baseline, the steps
// keep keeps (all when nil) and their records, and returns its schema.
func restore(t *testing.T, e *authtest.Engine, old baseline, keep func(baselineStep) bool) *sqlb.Schema {
	t.Helper()
	ctx := t.Context()
	for _, st := range old.setup {
		if _, err := e.DB.ExecContext(ctx, st.sql, st.args...); err != nil {
			t.Fatalf("%s setup: %s: %v", old.release, st.sql, err)
		}
	}
	for _, step := range old.steps {
		if keep != nil && !keep(step) {
			continue
		}
		for _, st := range step.statements {
			if _, err := e.DB.ExecContext(ctx, st.sql, st.args...); err != nil {
				t.Fatalf("%s %s/%s: %s: %v", old.release, step.plugin, step.id, st.sql, err)
			}
		}
		rec := sqlb.Insert(auth.Migrations).Row(auth.MigrationPlugin.Set(step.plugin), auth.MigrationID.Set(step.id),
			auth.MigrationAppliedAt.Set(epoch.Add(-30*24*time.Hour)))
		if _, err := e.SQL().Exec(ctx, rec); err != nil {
			t.Fatalf("record %s/%s: %v", step.plugin, step.id, err)
		}
	}
	live, err := sqlb.Inspect(ctx, e.DB, e.Dialect, nil)
	if err != nil {
		t.Fatal(err)
	}
	return live
}

func upgrade(t *testing.T, e *authtest.Engine, old baseline) {
	ctx := t.Context()
	db := e.SQL()
	before := epoch.Add(-30 * 24 * time.Hour)
	live := restore(t, e, old, nil)

	// Ada joined a month ago: a verified address, a password, and a
	// session that is still live.
	const adaID, adaEmail, adaPassword = "01936b2e-0000-7000-8000-00000000ada1", "ada@example.com", "correct horse battery"
	f := newFixture(t, e, nil)
	hash, err := cheapHasher(t).Hash(ctx, []byte(adaPassword))
	if err != nil {
		t.Fatal(err)
	}
	token := base64.RawURLEncoding.EncodeToString([]byte("ada's session token from release!")[:32]) // as the release made them
	tokenHash := sha256.Sum256([]byte(token))
	insertOld(t, db, live, auth.Users, cell{auth.UserID, auth.UserID.Set(adaID)}, cell{auth.UserName, auth.UserName.Set("Ada")},
		cell{auth.UserImage, auth.UserImage.Set("")}, cell{auth.UserCreatedAt, auth.UserCreatedAt.Set(before)},
		cell{auth.UserUpdatedAt, auth.UserUpdatedAt.Set(before)})
	insertOld(t, db, live, auth.Identities, cell{auth.IdentityID, auth.IdentityID.Set("01936b2e-0000-7000-8000-00000000ada2")},
		cell{auth.IdentityKindName, auth.IdentityKindName.Set("email")}, cell{auth.IdentityValue, auth.IdentityValue.Set(adaEmail)},
		cell{auth.IdentityScope, auth.IdentityScope.Set("")}, cell{auth.IdentityUserID, auth.IdentityUserID.Set(adaID)},
		cell{auth.IdentityVerifiedAt, auth.IdentityVerifiedAt.Set(sql.Null[time.Time]{V: before, Valid: true})},
		cell{auth.IdentityData, auth.IdentityData.Set("")}, cell{auth.IdentityCreatedAt, auth.IdentityCreatedAt.Set(before)},
		cell{auth.IdentitySignUp, auth.IdentitySignUp.Set(true)})
	insertOld(t, db, live, password.Passwords, cell{password.PasswordUserID, password.PasswordUserID.Set(adaID)},
		cell{password.PasswordHash, password.PasswordHash.Set(hash)}, cell{password.PasswordUpdatedAt, password.PasswordUpdatedAt.Set(before)})
	insertOld(t, db, live, auth.Sessions, cell{auth.SessionID, auth.SessionID.Set("01936b2e-0000-7000-8000-00000000ada3")},
		cell{auth.SessionTokenHash, auth.SessionTokenHash.Set(tokenHash[:])}, cell{auth.SessionUserID, auth.SessionUserID.Set(adaID)},
		cell{auth.SessionCreatedAt, auth.SessionCreatedAt.Set(epoch.Add(-time.Hour))},
		cell{auth.SessionExpiresAt, auth.SessionExpiresAt.Set(epoch.Add(6 * 24 * time.Hour))},
		cell{auth.SessionLastSeenAt, auth.SessionLastSeenAt.Set(epoch.Add(-time.Hour))},
		cell{auth.SessionIP, auth.SessionIP.Set("192.0.2.1")}, cell{auth.SessionUserAgent, auth.SessionUserAgent.Set("release browser")},
		cell{auth.SessionCredential, auth.SessionCredential.Set("password")}, cell{auth.SessionData, auth.SessionData.Set("{}")})

	if err := f.a.Migrate(ctx); err != nil {
		t.Fatalf("Migrate from %s: %v", old.release, err)
	}
	if drift, err := f.a.CheckSchema(ctx); err != nil || !drift.None() {
		t.Fatalf("CheckSchema after the upgrade from %s = %v:\n%s", old.release, err, drift)
	}
	after, err := sqlb.Inspect(ctx, e.DB, e.Dialect, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range kept(e.Dialect, live, after) {
		t.Errorf("upgrade from %s: %v", old.release, err)
	}

	info, err := f.a.GetSession(auth.WithSessionToken(ctx, auth.NewSecret(token)))
	if err != nil || info.User.ID != adaID {
		t.Fatalf("GetSession with the session from %s = %+v, %v; want Ada's", old.release, info, err)
	}
	in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: adaEmail, Password: auth.NewSecret(adaPassword)})
	if err != nil || in.User.ID != adaID {
		t.Fatalf("SignIn with the password from %s = %+v, %v; want Ada signed in", old.release, in, err)
	}
	if _, err := f.pw.SignIn(ctx, password.SignInRequest{Email: adaEmail, Password: auth.NewSecret("not her password")}); err == nil {
		t.Error("SignIn with a wrong password after the upgrade succeeded")
	}

	const bob, bobPassword = "bob@example.com", "another horse battery"
	if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: bob, Password: auth.NewSecret(bobPassword), Name: "Bob"}); err != nil {
		t.Fatalf("SignUp after the upgrade: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	c := authtest.NewClient(t, mux)
	c.Origin = "https://sesame.test"
	res := c.Post("/auth/email/verify", map[string]string{"token": f.mail.Token(t, bob, email.PurposeVerify)})
	if res.Status != http.StatusOK {
		t.Fatalf("verify after the upgrade = %d %s, want 200", res.Status, res.ErrorCode())
	}
	bobIn, err := f.pw.SignIn(ctx, password.SignInRequest{Email: bob, Password: auth.NewSecret(bobPassword)})
	if err != nil || !strings.EqualFold(bobIn.User.Name, "Bob") {
		t.Fatalf("SignIn of the new account = %+v, %v", bobIn, err)
	}
}

// kept checks that an upgrade kept every table and column of the release
// with its type, made no column stricter, and put no new unique index on
// a table of the release.
func kept(d *sqlb.Dialect, before, after *sqlb.Schema) []error {
	var errs []error
	for _, name := range before.TableNames() {
		b, a := before.Tables[name], after.Tables[name]
		if a == nil {
			errs = append(errs, fmt.Errorf("table %s is gone", name))
			continue
		}
		for _, bc := range b.Columns {
			ac, ok := a.Column(bc.Name)
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("column %s.%s is gone", name, bc.Name))
			case !sqlb.SameType(d, bc.Type, ac.Type):
				errs = append(errs, fmt.Errorf("column %s.%s changed type from %s to %s", name, bc.Name, bc.Type, ac.Type))
			case bc.Nullable && !ac.Nullable:
				errs = append(errs, fmt.Errorf("column %s.%s became NOT NULL", name, bc.Name))
			}
		}
		had := map[string]bool{}
		for _, ix := range b.Indexes {
			had[ix.String()] = true
		}
		for _, ix := range a.Indexes {
			if ix.Unique && !had[ix.String()] {
				errs = append(errs, fmt.Errorf("table %s gained %s", name, ix))
			}
		}
	}
	return errs
}
