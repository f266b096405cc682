package audit

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// query reads a page of the records f chooses, newest first.
func query(ctx context.Context, db *sqlb.DB, f Filter) (Page, error) {
	limit := f.Limit
	if limit == 0 {
		limit = DefaultPage
	}
	var conds []sqlb.Cond
	if len(f.Types) > 0 {
		conds = append(conds, RecordType.In(f.Types...))
	}
	for _, c := range []struct {
		col sqlb.Column[nullString]
		v   string
	}{{RecordUserID, f.UserID}, {RecordActorID, f.ActorID}, {RecordOrgID, f.OrganizationID}} {
		if c.v != "" {
			conds = append(conds, c.col.Eq(null(c.v)))
		}
	}
	if !f.Since.IsZero() {
		conds = append(conds, RecordAt.Ge(ceilMicro(f.Since)))
	}
	if !f.Until.IsZero() {
		conds = append(conds, RecordAt.Lt(ceilMicro(f.Until)))
	}
	at, id, err := parseCursor(f.Cursor)
	if err != nil {
		return Page{}, auth.ErrInvalidInput.With(err.Error())
	}
	if id != "" {
		conds = append(conds, sqlb.Or(RecordAt.Lt(at), sqlb.And(RecordAt.Eq(at), RecordID.Lt(id))))
	}
	var s scanner
	q := sqlb.Select(s.selection()...).From(Records).OrderBy(RecordAt.Desc(), RecordID.Desc()).Limit(limit + 1)
	if len(conds) > 0 {
		q = q.Where(sqlb.And(conds...))
	}
	page := Page{Records: []Record{}}
	err = db.All(ctx, q, func() error {
		page.Records = append(page.Records, s.record())
		return nil
	})
	if err != nil {
		return Page{}, err
	}
	if len(page.Records) > limit {
		page.Records = page.Records[:limit]
		page.NextCursor = cursorOf(page.Records[limit-1])
	}
	return page, nil
}

// ceilMicro rounds t up to the microseconds records are kept in, so that
// a bound between two microseconds keeps its meaning.
func ceilMicro(t time.Time) time.Time {
	t = t.UTC()
	if c := t.Truncate(time.Microsecond); !c.Equal(t) {
		return c.Add(time.Microsecond)
	}
	return t
}
