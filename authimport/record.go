package authimport

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Record is one person of another system, with what Sesame keeps of them.
// Sources ([BetterAuth], [JSONLines], [CSV]) make them; a host with a
// source of its own makes them too, through a [Source].
type Record struct {
	// ID is the person's ID in the other system: what keys the import, so
	// that a second run imports nothing twice. At most 255 bytes.
	ID string
	// Name and Image are the user's; Name at most 200 characters, Image (a
	// URL) at most 2048 bytes.
	Name, Image string
	// Email is the person's address, and EmailVerified whether the other
	// system knew they hold it. An unverified address is imported as an
	// unverified identity: a claim under Sesame's rules, never a way into
	// an account that someone else proves the address of.
	Email         string
	EmailVerified bool
	// CreatedAt is when the person signed up there; zero for the time of
	// the import.
	CreatedAt time.Time
	// Password is the person's password hash, if they have one.
	Password *Password
	// Accounts are the person's accounts at OAuth providers.
	Accounts []Account
	// Sessions are the person's live sessions there.
	Sessions []Session

	// unreadable says why a source could not read the record (a line that
	// is not JSON ...), which is reported as its problem.
	unreadable string
}

// Password is a password hash made by another system, which the password
// plugin ([auth.PasswordImporter]) verifies at sign-in and replaces by its
// own.
type Password struct {
	// Scheme names the hash's format: "better-auth-scrypt", "bcrypt" ...
	Scheme string
	// Hash is the hash as the other system stored it.
	Hash auth.Secret
}

// Account is a person's account at an OAuth provider: it becomes an
// identity of the oauth plugin's kind for the provider, "oauth:" and its
// name, holding the provider's subject, verified.
type Account struct {
	// Provider is the provider's name in the oauth plugin ("github").
	Provider string
	// Subject is the person's ID at the provider (better-auth's
	// accountId).
	Subject string
}

// Session is a live session of the other system, with its plaintext
// token, which is stored only hashed ([auth.Call.ImportSession]).
type Session struct {
	// ID is the session's ID there, which keys its import.
	ID string
	// Token is the session's token, as the other system's cookie carries
	// it.
	Token auth.Secret
	// CreatedAt and ExpiresAt bound the session: one that has expired is
	// not imported.
	CreatedAt, ExpiresAt time.Time
	// IP and UserAgent describe the device.
	IP, UserAgent string
}

// Limits of a [Record]'s fields.
const (
	maxID       = 255
	maxName     = 200
	maxImage    = 2048
	maxProvider = 64
	maxSubject  = 180
	maxHash     = 1024
	maxToken    = 512
)

// check reports what makes a record unfit to import, field by field: a
// string with a NUL byte or invalid UTF-8, one too long, a missing part.
func (r *Record) check() []string {
	if r.unreadable != "" {
		return []string{r.unreadable}
	}
	var bad []string
	text := func(field, v string, limit int) {
		switch {
		case !utf8.ValidString(v):
			bad = append(bad, field+" is not valid UTF-8")
		case strings.ContainsRune(v, 0):
			bad = append(bad, field+" holds a NUL byte")
		case len(v) > limit:
			bad = append(bad, fmt.Sprintf("%s is longer than %d bytes", field, limit))
		}
	}
	if r.ID == "" {
		bad = append(bad, "id is missing")
	}
	text("id", r.ID, maxID)
	text("name", r.Name, 4*maxName)
	if utf8.ValidString(r.Name) && utf8.RuneCountInString(r.Name) > maxName {
		bad = append(bad, fmt.Sprintf("name is longer than %d characters", maxName))
	}
	text("image", r.Image, maxImage)
	text("email", r.Email, 320)
	if r.Email == "" && len(r.Accounts) == 0 {
		bad = append(bad, "neither an email address nor an OAuth account: no way to sign in")
	}
	if p := r.Password; p != nil {
		text("password scheme", p.Scheme, 64)
		text("password hash", p.Hash.Reveal(), maxHash)
		if p.Scheme == "" || p.Hash.IsZero() {
			bad = append(bad, "a password needs a scheme and a hash")
		}
	}
	for i, a := range r.Accounts {
		text(fmt.Sprintf("accounts[%d].provider", i), a.Provider, maxProvider)
		text(fmt.Sprintf("accounts[%d].subject", i), a.Subject, maxSubject)
		if a.Provider == "" || a.Subject == "" {
			bad = append(bad, fmt.Sprintf("accounts[%d] needs a provider and a subject", i))
		}
	}
	for i, s := range r.Sessions {
		text(fmt.Sprintf("sessions[%d].id", i), s.ID, maxID)
		text(fmt.Sprintf("sessions[%d].token", i), s.Token.Reveal(), maxToken)
		text(fmt.Sprintf("sessions[%d].ip", i), s.IP, 64)
		text(fmt.Sprintf("sessions[%d].userAgent", i), s.UserAgent, 4096)
		if s.ID == "" || s.Token.IsZero() {
			bad = append(bad, fmt.Sprintf("sessions[%d] needs an id and a token", i))
		}
	}
	return bad
}
