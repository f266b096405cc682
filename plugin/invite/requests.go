package invite

import (
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// MaxUses is the most accounts one invitation may make.
const MaxUses = 100_000

// CreateRequest describes an invitation to make. Every field is optional.
type CreateRequest struct {
	// MaxUses is how many accounts the invitation may make: 1 (the
	// default) to [MaxUses].
	MaxUses int64 `json:"maxUses,omitempty"`
	// ExpiresAt is when the invitation stops working: in the future, at
	// most a year away. The default is [WithTTL] from now.
	ExpiresAt time.Time `json:"expiresAt,omitzero"`
	// Email binds the invitation to one address: only a sign-up that
	// proves it holds that address (a magic link, or a provider that
	// vouches for it) may use it.
	Email string `json:"email,omitempty"`
}

// maxAhead is the furthest an invitation's expiry may be.
const maxAhead = 366 * 24 * time.Hour

// Validate implements [auth.InputValidator].
func (r CreateRequest) Validate() error {
	var errs []error
	if r.MaxUses < 0 || r.MaxUses > MaxUses {
		errs = append(errs, fmt.Errorf("maxUses must be 1 to %d", MaxUses))
	}
	if len(r.Email) > 320 {
		errs = append(errs, errors.New("email is too long"))
	}
	return errors.Join(errs...)
}

// Invitation is an invitation as its creator sees it: never its code,
// which only [Created] shows, once.
type Invitation struct {
	ID string `json:"id"`
	// CreatedBy is the inviting user's ID; empty for an invitation the
	// host issued ([Plugin.Issue]).
	CreatedBy string    `json:"createdBy,omitempty"`
	Email     string    `json:"email,omitempty"`
	MaxUses   int64     `json:"maxUses"`
	Uses      int64     `json:"uses"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	// RevokedAt is set once the invitation was revoked.
	RevokedAt time.Time `json:"revokedAt,omitzero"`
	// UsedBy are the accounts made with it that still exist, oldest first.
	UsedBy []Use `json:"usedBy"`
}

// Use is one account made with an invitation.
type Use struct {
	UserID string    `json:"userId"`
	UsedAt time.Time `json:"usedAt"`
}

// Created is a new invitation and its code. The code is shown once: it
// prints "[redacted]" everywhere but in the answer's JSON.
type Created struct {
	Invitation Invitation `json:"invitation"`
	Code       auth.Shown `json:"code"`
}

// AcceptRequest holds the code of an invitation.
type AcceptRequest struct {
	Code auth.Secret `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r AcceptRequest) Validate() error {
	if r.Code.IsZero() {
		return errors.New("code is required")
	}
	return nil
}

// Accepted answers an acceptance: the invitation is good until ExpiresAt,
// for a sign-up of Email when it is bound to one.
type Accepted struct {
	Email     string    `json:"email,omitempty"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// RevokeRequest names an invitation to revoke.
type RevokeRequest struct {
	ID string `json:"id"`
}

// Validate implements [auth.InputValidator].
func (r RevokeRequest) Validate() error {
	if r.ID == "" {
		return errors.New("id is required")
	}
	return nil
}

// List is the caller's invitations, newest first: at most [ListLimit].
type List struct {
	Invitations []Invitation `json:"invitations"`
}

// ListLimit is the most invitations [Plugin.List] returns.
const ListLimit = 200
