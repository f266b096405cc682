package sessiondata

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Value decodes the value of key in the session of a running operation
// (c.Session(), read in its transaction) into v, and reports whether
// there is one: for a host's or a plugin's handler or hook. A call with no
// session gets [auth.ErrNoSession].
func (p *Plugin) Value(ctx context.Context, c *auth.Call, key string, v any) (bool, error) {
	raw, ok, err := p.raw(ctx, c, key)
	if err != nil || !ok {
		return false, err
	}
	return true, json.Unmarshal(raw, v)
}

// Store stores v, as JSON, under key in the session of a running
// operation, in its transaction; call it from an operation that writes.
// The limits and errors are those of [Plugin.Set].
func (p *Plugin) Store(ctx context.Context, c *auth.Call, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return auth.ErrInvalidInput.With("sessiondata: the value does not encode as JSON: " + err.Error())
	}
	return p.store(ctx, c, key, b)
}

// Remove deletes the value of key from the session of a running
// operation, if any, in its transaction.
func (p *Plugin) Remove(ctx context.Context, c *auth.Call, key string) error {
	s := c.Session()
	if s == nil {
		return auth.ErrNoSession
	}
	if err := checkKey(key); err != nil {
		return auth.ErrInvalidInput.With(err.Error())
	}
	_, err := c.DB().Exec(ctx, sqlb.Delete(Values).Where(sqlb.And(ValueSessionID.Eq(s.ID), ValueKey.Eq(key))))
	return err
}

// raw reads the value of key in the call's session as stored.
func (p *Plugin) raw(ctx context.Context, c *auth.Call, key string) (json.RawMessage, bool, error) {
	s := c.Session()
	if s == nil {
		return nil, false, auth.ErrNoSession
	}
	if err := checkKey(key); err != nil {
		return nil, false, auth.ErrInvalidInput.With(err.Error())
	}
	var v string
	err := c.DB().One(ctx, sqlb.Select(ValueJSON.Into(&v)).From(Values).Where(sqlb.And(ValueSessionID.Eq(s.ID), ValueKey.Eq(key))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return json.RawMessage(v), true, nil
}

// store writes a value under the lock of the user's row, so that two
// stores of new keys at once cannot both see room for one.
func (p *Plugin) store(ctx context.Context, c *auth.Call, key string, value json.RawMessage) error {
	s := c.Session()
	if s == nil {
		return auth.ErrNoSession
	}
	if err := (SetRequest{Key: key, Value: value}).Validate(); err != nil {
		return auth.ErrInvalidInput.With(err.Error())
	}
	v, err := compact(value)
	if err != nil {
		return auth.ErrInvalidInput.With("value must be JSON")
	}
	if len(v) > p.cfg.maxValue {
		return ErrValueTooLarge
	}
	if err := c.LockUser(ctx, s.UserID); err != nil {
		return err
	}
	var k string
	var keys []string
	err = c.DB().All(ctx, sqlb.Select(ValueKey.Into(&k)).From(Values).Where(ValueSessionID.Eq(s.ID)).ForUpdate(),
		func() error { keys = append(keys, k); return nil })
	if err != nil {
		return err
	}
	exists := false
	for _, k := range keys {
		exists = exists || k == key
	}
	if !exists && len(keys) >= p.cfg.maxKeys {
		return ErrTooManyKeys
	}
	_, err = c.DB().Exec(ctx, sqlb.Insert(Values).Row(ValueSessionID.Set(s.ID), ValueKey.Set(key), ValueUserID.Set(s.UserID),
		ValueJSON.Set(v), ValueUpdatedAt.Set(c.Now())).
		OnConflictUpdate([]sqlb.AnyColumn{ValueSessionID, ValueKey}, ValueJSON.Set(v), ValueUpdatedAt.Set(c.Now())))
	return err
}
