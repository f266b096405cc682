package apikey

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Bounds of a request's fields.
const (
	// MaxNameLength is the longest name of a key, in characters.
	MaxNameLength = 100
	// MaxScopes is the most scopes a key carries.
	MaxScopes = 32
)

// CreateRequest describes a new key.
type CreateRequest struct {
	// Name says what the key is for ("deploy script"), 1 to 100 characters.
	Name string `json:"name"`
	// Scopes are what the key may do, as the host's routes check them
	// ([Plugin.RequireScope]): at most 32, each declared ([WithScopes]).
	Scopes []string `json:"scopes,omitempty"`
	// ExpiresIn is how long the key works, in seconds: from 1 hour to 5
	// years, or to [WithMaxLifetime], which is also the default when set;
	// 0 (without WithMaxLifetime) is a key that does not expire.
	ExpiresIn int64 `json:"expiresIn,omitempty"`
	// RateLimit is the key's own rate limit; zero takes the plugin's
	// ([WithRateLimit]).
	RateLimit RateLimit `json:"rateLimit,omitzero"`
}

// RateLimit is a key's limit of Limit requests per Window seconds.
type RateLimit struct {
	Limit  int   `json:"limit"`
	Window int64 `json:"window"`
}

// Validate implements [auth.InputValidator].
func (r CreateRequest) Validate() error {
	var errs []error
	if n := utf8.RuneCountInString(r.Name); n == 0 || n > MaxNameLength {
		errs = append(errs, fmt.Errorf("name must be 1 to %d characters", MaxNameLength))
	}
	if len(r.Scopes) > MaxScopes {
		errs = append(errs, fmt.Errorf("a key carries at most %d scopes", MaxScopes))
	}
	for _, s := range r.Scopes {
		if !validScope(s) {
			errs = append(errs, errors.New("a scope must be 1 to 64 of A-Z, a-z, 0-9 and :._-"))
			break
		}
	}
	if r.ExpiresIn < 0 || r.ExpiresIn > int64(MaxLifetime/time.Second) || (r.ExpiresIn > 0 && r.ExpiresIn < 3600) {
		errs = append(errs, errors.New("expiresIn must be from 3600 seconds (1 hour) to 5 years, or 0"))
	}
	if l := r.RateLimit; l.Limit < 0 || l.Limit > 1_000_000 || (l.Limit > 0 && (l.Window < 1 || l.Window > 86400)) ||
		(l.Limit == 0 && l.Window != 0) {
		errs = append(errs, errors.New("rateLimit needs a limit of 1 to 1000000 per window of 1 to 86400 seconds"))
	}
	return errors.Join(errs...)
}

// CreateForRequest is a key the host creates for a user ([Plugin.CreateFor]).
type CreateForRequest struct {
	UserID string `json:"userId"`
	CreateRequest
}

// Validate implements [auth.InputValidator].
func (r CreateForRequest) Validate() error {
	if r.UserID == "" {
		return errors.New("userId is required")
	}
	return r.CreateRequest.Validate()
}

// KeyRequest names one of the caller's keys.
type KeyRequest struct {
	ID string `json:"id"`
}

// Validate implements [auth.InputValidator].
func (r KeyRequest) Validate() error {
	if r.ID == "" || len(r.ID) > 64 {
		return errors.New("id is required")
	}
	return nil
}

// RotateRequest rotates one of the caller's keys.
type RotateRequest struct {
	ID string `json:"id"`
	// GracePeriod is how long the old key keeps working, in seconds: 24
	// hours when absent, 0 to end it at once, at most 7 days.
	GracePeriod *int64 `json:"gracePeriod,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r RotateRequest) Validate() error {
	if err := (KeyRequest{ID: r.ID}).Validate(); err != nil {
		return err
	}
	if g := r.GracePeriod; g != nil && (*g < 0 || *g > int64(MaxGracePeriod/time.Second)) {
		return errors.New("gracePeriod must be 0 to 604800 seconds (7 days)")
	}
	return nil
}

// grace is the grace period the request asks for.
func (r RotateRequest) grace() time.Duration {
	if r.GracePeriod == nil {
		return DefaultGracePeriod
	}
	return time.Duration(*r.GracePeriod) * time.Second
}

// UserRequest names a user, for the host's server calls.
type UserRequest struct {
	UserID string `json:"userId"`
}

// Validate implements [auth.InputValidator].
func (r UserRequest) Validate() error {
	if r.UserID == "" {
		return errors.New("userId is required")
	}
	return nil
}

// Key is a key as lists show it: never the key itself.
type Key struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Hint is the key's prefix and last four characters ("sk_…x3Fq"),
	// to recognize it by.
	Hint       string     `json:"hint"`
	Scopes     []string   `json:"scopes"`
	RateLimit  RateLimit  `json:"rateLimit,omitzero"`
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  *time.Time `json:"expiresAt,omitempty"`
	LastUsedAt *time.Time `json:"lastUsedAt,omitempty"`
	// ReplacedBy is the ID of the key a rotation replaced this one with:
	// this one works until ExpiresAt, the end of its grace period.
	ReplacedBy string `json:"replacedBy,omitempty"`
}

// Created is a new key: Secret is shown this once, and prints
// "[redacted]" everywhere but in the answer's JSON.
type Created struct {
	Secret auth.Shown `json:"key"`
	Key    Key        `json:"apiKey"`
}

// KeyList is a user's live keys, newest first.
type KeyList struct {
	Keys []Key `json:"keys"`
}

// Revoked says how many keys a revocation ended.
type Revoked struct {
	Revoked int64 `json:"revoked"`
}
