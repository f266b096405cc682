package stale

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/lastlogin"
	"github.com/sesame-go/sesame/sqlb"
)

// OpBatch is one batch of a pass: a server operation with no route, which
// [Plugin.Run] and [Plugin.Maintain] run until the pass is done.
const OpBatch = "stale.batch"

// BatchRequest asks for the next batch of a pass. A real pass continues
// from its stored progress and ignores After; a dry run starts after the
// user ID After ("" for the first).
type BatchRequest struct {
	DryRun bool   `json:"dryRun"`
	After  string `json:"after"`
}

// Batch is what one batch did; Next is the last user ID it looked at, and
// Done says the pass reached the end.
type Batch struct {
	Report
	Next string `json:"next"`
	Done bool   `json:"done"`
}

// account is what a batch knows of one user.
type account struct {
	id       string
	address  string
	active   time.Time // the latest of creation, session use, sign-in and reported activity
	notified time.Time // zero when unmarked
}

func (p *Plugin) handleBatch(ctx context.Context, c *auth.Call, in BatchRequest) (Batch, error) {
	db := c.DB()
	after := in.After
	if !in.DryRun {
		var err error
		if after, err = lockProgress(ctx, db, c.Now()); err != nil {
			return Batch{}, err
		}
	}
	accounts, err := p.load(ctx, db, after)
	if err != nil {
		return Batch{}, err
	}
	var b Batch
	if b.Done = len(accounts) <= p.cfg.batch; !b.Done {
		accounts = accounts[:p.cfg.batch] // the one more read says whether the pass goes on
	}
	b.Scanned = len(accounts)
	if len(accounts) > 0 {
		b.Next = accounts[len(accounts)-1].id
	}
	now := c.Now()
	var notify, clear, remove []account
	for _, acc := range accounts {
		switch {
		case !acc.notified.IsZero() && acc.active.After(acc.notified):
			clear = append(clear, acc)
		case !acc.notified.IsZero() && p.cfg.deleteAfter > 0 && !now.Before(acc.notified.Add(p.cfg.deleteAfter)):
			remove = append(remove, acc)
		case acc.notified.IsZero() && !now.Before(acc.active.Add(p.cfg.threshold)):
			if acc.address == "" {
				b.Unreachable++
				continue
			}
			notify = append(notify, acc)
		}
	}
	b.Notified, b.Cleared, b.Deleted = len(notify), len(clear), len(remove)
	if in.DryRun {
		return b, nil
	}
	if err := p.apply(ctx, c, notify, clear, remove); err != nil {
		return Batch{}, err
	}
	next := b.Next
	if b.Done {
		next = "" // the next pass starts from the first user
	}
	_, err = db.Exec(ctx, sqlb.Update(Progress).Set(ProgressCursor.Set(next), ProgressUpdatedAt.Set(now)).Where(ProgressID.Eq(progressRow)))
	return b, err
}

// lockProgress returns where the pass stopped, with its row locked for
// the batch's transaction.
func lockProgress(ctx context.Context, db *sqlb.DB, now time.Time) (string, error) {
	if _, err := db.Exec(ctx, sqlb.Insert(Progress).Row(ProgressID.Set(progressRow), ProgressCursor.Set(""), ProgressUpdatedAt.Set(now)).
		OnConflictDoNothing(ProgressID)); err != nil {
		return "", err
	}
	var cursor string
	err := db.One(ctx, sqlb.Select(ProgressCursor.Into(&cursor)).From(Progress).Where(ProgressID.Eq(progressRow)).ForUpdate())
	return cursor, err
}

// load reads the next batch of users after a user ID, and one more to
// tell whether the pass goes on, with their primary address, their latest
// activity and their mark: four queries and those of each
// [ActivityReporter], whatever the batch's size.
func (p *Plugin) load(ctx context.Context, db *sqlb.DB, after string) ([]account, error) {
	var accounts []account
	var acc account
	var addr sql.Null[string]
	q := sqlb.Select(auth.UserID.Into(&acc.id), auth.UserCreatedAt.Into(&acc.active), email.PrimaryEmail.Into(&addr)).From(auth.Users)
	if after != "" { // no comparison with "", which a native uuid column would refuse
		q = q.Where(auth.UserID.Gt(after))
	}
	err := db.All(ctx, q.OrderBy(auth.UserID.Asc()).Limit(p.cfg.batch+1),
		func() error { acc.address = addr.V; accounts = append(accounts, acc); return nil })
	if err != nil || len(accounts) == 0 {
		return accounts, err
	}
	ids := make([]string, len(accounts))
	at := make(map[string]int, len(accounts))
	for i, a := range accounts {
		ids[i], at[a.id] = a.id, i
	}
	var id string
	var t time.Time
	later := func() error {
		if a := &accounts[at[id]]; t.After(a.active) {
			a.active = t
		}
		return nil
	}
	if err := db.All(ctx, sqlb.Select(auth.SessionUserID.Into(&id), auth.SessionLastSeenAt.Into(&t)).From(auth.Sessions).
		Where(auth.SessionUserID.In(ids...)), later); err != nil {
		return nil, err
	}
	if p.last {
		if err := db.All(ctx, sqlb.Select(lastlogin.LastUserID.Into(&id), lastlogin.LastAt.Into(&t)).From(lastlogin.LastSignIns).
			Where(lastlogin.LastUserID.In(ids...)), later); err != nil {
			return nil, err
		}
	}
	for _, r := range p.reporters {
		seen, err := r.LastActivity(ctx, db, ids)
		if err != nil {
			return nil, err
		}
		for id, t := range seen {
			if i, ok := at[id]; ok && t.After(accounts[i].active) {
				accounts[i].active = t
			}
		}
	}
	err = db.All(ctx, sqlb.Select(MarkUserID.Into(&id), MarkNotifiedAt.Into(&t)).From(Marks).Where(MarkUserID.In(ids...)),
		func() error { accounts[at[id]].notified = t; return nil })
	return accounts, err
}

// apply writes a batch's decisions: marks and mails, cleared marks, and
// deletions, each deletion an account event first (so that sessions in
// any store end) and then the user's row, which takes every plugin's
// rows with it.
func (p *Plugin) apply(ctx context.Context, c *auth.Call, notify, clear, remove []account) error {
	db, now := c.DB(), c.Now()
	if len(notify) > 0 {
		ins := sqlb.Insert(Marks)
		for _, acc := range notify {
			ins.Row(MarkUserID.Set(acc.id), MarkNotifiedAt.Set(now))
		}
		if _, err := db.Exec(ctx, ins); err != nil {
			return err
		}
		when := ""
		if p.cfg.deleteAfter > 0 {
			when = "on " + now.Add(p.cfg.deleteAfter).Format("2 January 2006")
		}
		for _, acc := range notify {
			if err := p.mail.Send(ctx, c, PurposeInactive, acc.address, email.MessageData{What: when}); err != nil {
				return err
			}
		}
	}
	if len(clear) > 0 {
		if _, err := db.Exec(ctx, sqlb.Delete(Marks).Where(MarkUserID.In(ids(clear)...))); err != nil {
			return err
		}
	}
	for _, acc := range remove {
		if err := c.AccountChanged(ctx, acc.id, Deleted, false); err != nil {
			return err
		}
	}
	_, err := c.DeleteUsers(ctx, ids(remove)...)
	return err
}

func ids(accounts []account) []string {
	out := make([]string, len(accounts))
	for i, a := range accounts {
		out[i] = a.id
	}
	return out
}
