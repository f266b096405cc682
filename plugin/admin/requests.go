package admin

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Limits of the inputs.
const (
	// MaxPage is the most users a page of [Plugin.ListUsers] holds;
	// DefaultPage is its size when the request names none.
	MaxPage     = 100
	DefaultPage = 20
	maxQuery    = 255
	maxReason   = 500
	maxRole     = 64
)

// The fields [ListUsersRequest.By] searches.
const (
	// ByName matches the start of the users' names, ignoring case.
	ByName = "name"
	// ByIdentifier matches the start of any of the users' identifiers
	// (of [ListUsersRequest.Kind] when set), as stored (normalized),
	// ignoring case.
	ByIdentifier = "identifier"
	// ByID matches one user's ID exactly.
	ByID = "id"
)

// ListUsersRequest asks for a page of users, in the order of their IDs
// (the order they were created in). An empty Query lists every user.
// Cursor is the NextCursor of the page before, "" for the first page.
type ListUsersRequest struct {
	Query  string `json:"query"`
	By     string `json:"by"`
	Kind   string `json:"kind"`
	Cursor string `json:"cursor"`
	Limit  int    `json:"limit,string"`
}

// Validate implements [auth.InputValidator].
func (r ListUsersRequest) Validate() error {
	var errs []error
	switch r.By {
	case "", ByName, ByIdentifier, ByID:
	default:
		errs = append(errs, fmt.Errorf("by must be %q, %q or %q", ByName, ByIdentifier, ByID))
	}
	if len(r.Query) > maxQuery || len(r.Kind) > 64 {
		errs = append(errs, fmt.Errorf("query may have at most %d bytes", maxQuery))
	}
	if r.Cursor != "" && !validID(r.Cursor) {
		errs = append(errs, errors.New("cursor is not one this route gave"))
	}
	if r.Limit < 0 || r.Limit > MaxPage {
		errs = append(errs, fmt.Errorf("limit must be between 0 and %d", MaxPage))
	}
	return errors.Join(errs...)
}

// UserPage is a page of users. NextCursor asks for the next page; it is
// empty after the last. A page may hold fewer users than asked while
// NextCursor is not empty: a search reads a bounded number of users per
// call.
type UserPage struct {
	Users      []*auth.User `json:"users"`
	NextCursor string       `json:"nextCursor"`
}

// UserRequest names a user.
type UserRequest struct {
	UserID string `json:"userId"`
}

// Validate implements [auth.InputValidator].
func (r UserRequest) Validate() error { return required("userId", r.UserID) }

// UserDetails is a user with their identities, oldest first.
type UserDetails struct {
	User       *auth.User       `json:"user"`
	Identities []*auth.Identity `json:"identities"`
}

// SessionList is a user's live sessions, newest first; an impersonation
// has its ImpersonatorID set.
type SessionList struct {
	Sessions []*auth.Session `json:"sessions"`
}

// CreateUserRequest is a user to create: every identifier is verified,
// the administrator vouching for it. Role, if set, needs [PermSetRole].
type CreateUserRequest struct {
	Name        string       `json:"name"`
	Image       string       `json:"image"`
	Identifiers []Identifier `json:"identifiers"`
	Role        string       `json:"role"`
}

// Identifier is one identifier of a [CreateUserRequest]: a kind a plugin
// provides ("email" ...) and a value, normalized as the kind says.
type Identifier struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// Validate implements [auth.InputValidator].
func (r CreateUserRequest) Validate() error {
	var errs []error
	if len(r.Identifiers) == 0 {
		errs = append(errs, errors.New("identifiers: at least one is required"))
	}
	if len(r.Identifiers) > 20 {
		errs = append(errs, errors.New("identifiers: at most 20"))
	}
	if len(r.Role) > maxRole {
		errs = append(errs, fmt.Errorf("role may have at most %d bytes", maxRole))
	}
	return errors.Join(append(errs, r.newUser().Validate())...)
}

func (r CreateUserRequest) newUser() auth.NewUser {
	u := auth.NewUser{Name: r.Name, Image: r.Image}
	for _, id := range r.Identifiers {
		u.Identities = append(u.Identities, auth.NewIdentity{Kind: id.Kind, Value: id.Value, Verified: true})
	}
	return u
}

// BanRequest bans a user: at once, every session and pending token of
// theirs ends, and no sign-in of any method starts one until the ban
// ends: at Until, or when unbanned if Until is zero. Reason is for
// administrators.
type BanRequest struct {
	UserID string    `json:"userId"`
	Reason string    `json:"reason"`
	Until  time.Time `json:"until"`
}

// Validate implements [auth.InputValidator].
func (r BanRequest) Validate() error {
	var errs []error
	errs = append(errs, required("userId", r.UserID))
	if utf8.RuneCountInString(r.Reason) > maxReason {
		errs = append(errs, fmt.Errorf("reason may have at most %d characters", maxReason))
	}
	return errors.Join(errs...)
}

// SetRoleRequest gives a user a role, or takes it away with "".
type SetRoleRequest struct {
	UserID string `json:"userId"`
	Role   string `json:"role"`
}

// Validate implements [auth.InputValidator].
func (r SetRoleRequest) Validate() error {
	if len(r.Role) > maxRole {
		return fmt.Errorf("role may have at most %d bytes", maxRole)
	}
	return required("userId", r.UserID)
}

// GrantRoleRequest names, for [Plugin.GrantRole], the person by a
// verified identifier (Kind "email" and Identifier "ada@example.com"), and
// the role to give them ("" takes their role away).
type GrantRoleRequest struct {
	Kind       string `json:"kind"`
	Identifier string `json:"identifier"`
	Role       string `json:"role"`
}

// Validate implements [auth.InputValidator].
func (r GrantRoleRequest) Validate() error {
	var errs []error
	if len(r.Role) > maxRole {
		errs = append(errs, fmt.Errorf("role may have at most %d bytes", maxRole))
	}
	if len(r.Identifier) > maxQuery {
		errs = append(errs, fmt.Errorf("identifier may have at most %d bytes", maxQuery))
	}
	return errors.Join(append(errs, required("kind", r.Kind), required("identifier", r.Identifier))...)
}

// ImpersonateRequest starts acting as a user for Minutes (at most the
// plugin's limit, [WithMaxImpersonation]; 0 for the limit).
type ImpersonateRequest struct {
	UserID  string `json:"userId"`
	Minutes int    `json:"minutes"`
}

// Validate implements [auth.InputValidator].
func (r ImpersonateRequest) Validate() error {
	if r.Minutes < 0 || r.Minutes > int(auth.MaxImpersonation/time.Minute) {
		return fmt.Errorf("minutes must be between 0 and %d", int(auth.MaxImpersonation/time.Minute))
	}
	return required("userId", r.UserID)
}

// Impersonation is an impersonation session: the user acted as, and the
// session, whose ImpersonatorID is the administrator's. Token is for Go
// callers; over HTTP it travels in the cookie or the Auth-Token header.
type Impersonation struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
}

// StopRequest ends impersonations. Called from an impersonation session,
// it ends that session and UserID is ignored; from an administrator's
// own session, it ends every impersonation of UserID the caller started.
type StopRequest struct {
	UserID string `json:"userId"`
}

// Ended says how many sessions an operation ended.
type Ended struct {
	Ended int64 `json:"ended"`
}

func required(field, v string) error {
	if v == "" {
		return errors.New(field + " is required")
	}
	return nil
}
