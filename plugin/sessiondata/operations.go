package sessiondata

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpGet is GET /session-data?key=: [Plugin.Get].
	OpGet = "sessionData.get"
	// OpList is GET /session-data/all: [Plugin.List].
	OpList = "sessionData.list"
	// OpSet is POST /session-data/set: [Plugin.Set].
	OpSet = "sessionData.set"
	// OpDelete is POST /session-data/delete: [Plugin.Delete].
	OpDelete = "sessionData.delete"
	// OpSweep is [Plugin.Sweep]'s batch, a server operation.
	OpSweep = "sessionData.sweep"
)

// sweepUsers is how many users one run of [OpSweep] looks at; the next
// run goes on from the last.
const sweepUsers = 200

type ops struct {
	get   *auth.Op[KeyRequest, Value]
	list  *auth.Op[auth.Empty, ValueSet]
	set   *auth.Op[SetRequest, auth.Empty]
	del   *auth.Op[KeyRequest, auth.Empty]
	sweep *auth.Op[sweepRequest, swept]
}

func (p *Plugin) newOps() ops {
	return ops{
		get: &auth.Op[KeyRequest, Value]{Name: OpGet, Method: http.MethodGet, Path: "/session-data",
			Session: auth.SessionUser, Codes: []*auth.Error{ErrNotFound}, Handler: p.get},
		list: &auth.Op[auth.Empty, ValueSet]{Name: OpList, Method: http.MethodGet, Path: "/session-data/all",
			Session: auth.SessionUser, Handler: p.list},
		set: &auth.Op[SetRequest, auth.Empty]{Name: OpSet, Method: http.MethodPost, Path: "/session-data/set",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrTooManyKeys, ErrValueTooLarge},
			Handler: p.set},
		del: &auth.Op[KeyRequest, auth.Empty]{Name: OpDelete, Method: http.MethodPost, Path: "/session-data/delete",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Handler: p.delete},
		sweep: &auth.Op[sweepRequest, swept]{Name: OpSweep, Writes: true, Handler: p.sweep},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.get, p.ops.list, p.ops.set, p.ops.del, p.ops.sweep}
}

// Get decodes the value of key in the caller's session into v and reports
// whether there is one. A caller with no session gets [auth.ErrNoSession].
func (p *Plugin) Get(ctx context.Context, key string, v any) (bool, error) {
	out, err := p.ops.get.Run(ctx, KeyRequest{Key: key})
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(out.Value, v)
}

// List returns every value of the caller's session, by key.
func (p *Plugin) List(ctx context.Context) (map[string]json.RawMessage, error) {
	out, err := p.ops.list.Run(ctx, auth.Empty{})
	return out.Values, err
}

// Set stores v, as JSON, under key in the caller's session, replacing any
// value there. A new key beyond [WithMaxKeys] answers [ErrTooManyKeys], a
// value larger than [WithMaxValue] [ErrValueTooLarge].
func (p *Plugin) Set(ctx context.Context, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return auth.ErrInvalidInput.With("sessiondata: the value does not encode as JSON: " + err.Error())
	}
	_, err = p.ops.set.Run(ctx, SetRequest{Key: key, Value: b})
	return err
}

// Delete removes the value of key from the caller's session, if any.
func (p *Plugin) Delete(ctx context.Context, key string) error {
	_, err := p.ops.del.Run(ctx, KeyRequest{Key: key})
	return err
}

func (p *Plugin) get(ctx context.Context, c *auth.Call, in KeyRequest) (Value, error) {
	v, ok, err := p.raw(ctx, c, in.Key)
	if err == nil && !ok {
		err = ErrNotFound
	}
	return Value{Key: in.Key, Value: v}, err
}

func (p *Plugin) list(ctx context.Context, c *auth.Call, _ auth.Empty) (ValueSet, error) {
	var k, v string
	out := ValueSet{Values: map[string]json.RawMessage{}}
	err := c.DB().All(ctx, sqlb.Select(ValueKey.Into(&k), ValueJSON.Into(&v)).From(Values).
		Where(ValueSessionID.Eq(c.Session().ID)).OrderBy(ValueKey.Asc()), func() error {
		out.Values[k] = json.RawMessage(v)
		return nil
	})
	if err != nil {
		return ValueSet{}, err
	}
	return out, nil
}

func (p *Plugin) set(ctx context.Context, c *auth.Call, in SetRequest) (auth.Empty, error) {
	return auth.Empty{}, p.store(ctx, c, in.Key, in.Value)
}

func (p *Plugin) delete(ctx context.Context, c *auth.Call, in KeyRequest) (auth.Empty, error) {
	return auth.Empty{}, p.Remove(ctx, c, in.Key)
}

// sweep deletes, for the next users who have values, the values of their
// sessions that no longer live.
func (p *Plugin) sweep(ctx context.Context, c *auth.Call, in sweepRequest) (swept, error) {
	var out swept
	after := in.After
	for range sweepUsers {
		u, err := nextUser(ctx, c.DB(), after)
		if err != nil || u == "" {
			return out, err
		}
		live, err := c.UserSessions(ctx, u)
		if err != nil {
			return swept{}, err
		}
		where := ValueUserID.Eq(u)
		if len(live) > 0 {
			ids := make([]string, len(live))
			for i, s := range live {
				ids[i] = s.ID
			}
			where = sqlb.And(where, ValueSessionID.NotIn(ids...))
		}
		n, err := c.DB().Exec(ctx, sqlb.Delete(Values).Where(where))
		if err != nil {
			return swept{}, err
		}
		out.Deleted += n
		after = u
	}
	out.Next = after
	return out, nil
}

// nextUser returns the first user after after who has values, or "".
func nextUser(ctx context.Context, db *sqlb.DB, after string) (string, error) {
	var id string
	q := sqlb.Select(ValueUserID.Into(&id)).From(Values).OrderBy(ValueUserID.Asc()).Limit(1)
	if after != "" {
		q = q.Where(ValueUserID.Gt(after))
	}
	err := db.One(ctx, q)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}
