package authimport

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// kindClosed lists, by the Sesame user's ID, an imported user whose
// account had a security event since: no later run gives them sessions,
// accounts or a password, which would bring back what the event ended (a
// sign-out everywhere undone by the old system's sessions, a password
// changed here overwritten by the old one).
const kindClosed = "closed"

// AccountChanged implements [auth.AccountObserver]: an account-security
// event of an imported user closes their import.
func (p *Plugin) AccountChanged(ctx context.Context, c *auth.Call, userID string, _ auth.AccountEvent) error {
	var source string
	var sources []string
	err := c.DB().All(ctx, sqlb.Select(ImportedSource.Into(&source)).From(Imported).
		Where(sqlb.And(ImportedKind.Eq(kindUser), ImportedUserID.Eq(userID))), func() error {
		sources = append(sources, source)
		return nil
	})
	if err != nil {
		return err
	}
	for _, s := range sources {
		if _, err := c.DB().Exec(ctx, sqlb.Insert(Imported).Row(ImportedSource.Set(s), ImportedKind.Set(kindClosed),
			ImportedSourceID.Set(userID), ImportedUserID.Set(userID), ImportedAt.Set(c.Now())).
			OnConflictDoNothing(ImportedSource, ImportedKind, ImportedSourceID)); err != nil {
			return err
		}
	}
	return nil
}

// closed counts what a record of a closed import (see kindClosed) brings:
// what earlier runs imported, and what is new and is not imported.
func (im *importer) closed(ctx context.Context, rec *Record) error {
	type item struct {
		kind, id string
		c        *Count
	}
	var items []item
	if rec.Password != nil {
		items = append(items, item{kindPassword, rec.ID, &im.r.Passwords})
	}
	for _, a := range rec.Accounts {
		items = append(items, item{kindAccount, a.Provider + ":" + a.Subject, &im.r.Accounts})
	}
	for _, s := range rec.Sessions {
		items = append(items, item{kindSession, s.ID, &im.r.Sessions})
	}
	refused := false
	for _, it := range items {
		done, err := im.mapped(ctx, it.kind, it.id)
		if err != nil {
			return err
		}
		if done != "" {
			it.c.Already++
			continue
		}
		it.c.Skipped++
		refused = true
	}
	if refused {
		im.r.problem(rec.ID, "record", "the account had a security event (a sign-out everywhere, a password change ...) "+
			"since its import: nothing more is imported into it")
	}
	return nil
}
