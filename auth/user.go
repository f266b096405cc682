package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// User is a person. Fields holds the values of the plugins' user fields
// ([UserExtender]) by JSON name; the JSON form shows them beside the core
// fields.
type User struct {
	ID        string
	Name      string
	Image     string
	CreatedAt time.Time
	UpdatedAt time.Time
	Fields    map[string]any
}

// userRow scans a user and its plugin fields.
type userRow struct {
	u      User
	fields []UserField
	slots  []fieldSlot
	buf    [8]fieldSlot // the slots of up to 8 fields, with the row
}

func (a *Auth) newUserRow() *userRow {
	r := new(userRow)
	a.initUserRow(r)
	return r
}

// initUserRow readies r, a row the caller allocated with others, for the
// instance's fields.
func (a *Auth) initUserRow(r *userRow) {
	r.fields = a.fields
	r.slots = r.buf[:0]
	for _, f := range a.fields {
		r.slots = append(r.slots, f.newSlot())
	}
}

// selections returns the user's columns to select into r, appended to
// out. The ID is left out when the caller knows it already (a join on it).
func (r *userRow) selections(out []sqlb.Selection, withID bool) []sqlb.Selection {
	if withID {
		out = append(out, UserID.Into(&r.u.ID))
	}
	out = append(out, UserName.Into(&r.u.Name), UserImage.Into(&r.u.Image),
		UserCreatedAt.Into(&r.u.CreatedAt), UserUpdatedAt.Into(&r.u.UpdatedAt))
	for _, s := range r.slots {
		out = append(out, s.selection())
	}
	return out
}

// user returns the scanned user, with its fields: a new User on each
// call, since a query of many rows scans them all into r.
func (r *userRow) user() *User {
	u := r.u
	r.fill(&u)
	return &u
}

// only returns the user of a query of one row: r's own, with no copy.
func (r *userRow) only() *User {
	r.fill(&r.u)
	return &r.u
}

// fill sets u's Fields to the values scanned into r's slots.
func (r *userRow) fill(u *User) {
	if len(r.slots) > 0 {
		u.Fields = make(map[string]any, len(r.slots))
	}
	for i, s := range r.slots {
		u.Fields[r.fields[i].JSONName()] = s.value()
	}
}

// ErrUserNotFound is returned by [Call.User] lookups of an unknown ID.
var ErrUserNotFound = NewError("user_not_found", 404, "no such user")

// loadUser reads one user with its fields.
func (a *Auth) loadUser(ctx context.Context, db *sqlb.DB, id string) (*User, error) {
	r := a.newUserRow()
	err := db.One(ctx, sqlb.Select(r.selections(nil, true)...).From(Users).Where(UserID.Eq(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrUserNotFound
	}
	if err != nil {
		return nil, err
	}
	return r.user(), nil
}

// createUser inserts a user with no plugin fields set.
func (a *Auth) createUser(ctx context.Context, db *sqlb.DB, name, image string) (*User, error) {
	now := a.Now()
	u := &User{ID: newID(now), Name: name, Image: image, CreatedAt: now, UpdatedAt: now}
	_, err := db.Exec(ctx, sqlb.Insert(Users).Row(UserID.Set(u.ID), UserName.Set(name), UserImage.Set(image),
		UserCreatedAt.Set(now), UserUpdatedAt.Set(now)))
	if err != nil {
		return nil, err
	}
	if len(a.fields) > 0 {
		return a.loadUser(ctx, db, u.ID) // the fields' defaults come from the database
	}
	return u, nil
}

// UnmarshalJSON reads what MarshalJSON writes: the core fields, and every
// other field into Fields.
func (u *User) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	core := []struct {
		name string
		dst  any
	}{{"id", &u.ID}, {"name", &u.Name}, {"image", &u.Image}, {"createdAt", &u.CreatedAt}, {"updatedAt", &u.UpdatedAt}}
	for _, f := range core {
		if raw, ok := m[f.name]; ok {
			if err := json.Unmarshal(raw, f.dst); err != nil {
				return err
			}
			delete(m, f.name)
		}
	}
	u.Fields = make(map[string]any, len(m))
	for k, raw := range m {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		u.Fields[k] = v
	}
	return nil
}
