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
	u     User
	slots []fieldSlot
	names []string
}

func (a *Auth) newUserRow() *userRow {
	r := &userRow{slots: make([]fieldSlot, len(a.fields)), names: make([]string, len(a.fields))}
	for i, f := range a.fields {
		r.slots[i] = f.newSlot()
		r.names[i] = f.JSONName()
	}
	return r
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

// user returns the scanned user, with its fields.
func (r *userRow) user() *User {
	u := r.u
	if len(r.slots) > 0 {
		u.Fields = make(map[string]any, len(r.slots))
	}
	for i, s := range r.slots {
		u.Fields[r.names[i]] = s.value()
	}
	return &u
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
