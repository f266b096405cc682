package legacy

import (
	"context"
	"fmt"
	"strings"
)

// The names of the schemes, as [auth.PasswordImporter] takes them.
const (
	// Bcrypt is a bcrypt string: $2a$, $2b$ or $2y$.
	Bcrypt = "bcrypt"
	// BetterAuthScrypt is better-auth's "salthex:keyhex", as its
	// account.password column holds it.
	BetterAuthScrypt = "better-auth-scrypt"
	// FirebaseScrypt is a Firebase export's salt and hash, both base64,
	// joined as "salt$hash".
	FirebaseScrypt = "firebase-scrypt"
	// Argon2 is a PHC string of argon2i or argon2id, version 1.3 (v=19).
	Argon2 = "argon2"
	// PBKDF2SHA256 is Django's "pbkdf2_sha256$iterations$salt$hash".
	PBKDF2SHA256 = "pbkdf2-sha256"
)

// Verifier checks hashes of the schemes above. Make one with [New]; it is
// safe for concurrent use.
type Verifier struct {
	firebase *firebaseProject // nil without WithFirebase
	sem      chan struct{}    // one token per verification running
}

// hash is a parsed hash of one scheme.
type hash interface {
	// matches reports, in constant time, whether password is the one hashed.
	matches(password []byte) (bool, error)
	// stored is the hash's stored form, which [Verifier.Verify] parses back.
	stored() string
}

// New returns a Verifier. It fails for Firebase parameters that are
// missing or out of Firebase's ranges, and a concurrency below 1.
func New(opts ...Option) (*Verifier, error) {
	c := newConfig()
	for _, o := range opts {
		o(c)
	}
	if c.concurrency < 1 {
		return nil, fmt.Errorf("legacy: concurrency %d is below 1", c.concurrency)
	}
	v := &Verifier{sem: make(chan struct{}, c.concurrency)}
	if c.firebase != nil {
		fp, err := newFirebaseProject(*c.firebase)
		if err != nil {
			return nil, err
		}
		v.firebase = fp
	}
	return v, nil
}

// Schemes lists the schemes [Verifier.Encode] accepts: all of them, but
// firebase-scrypt only with [WithFirebase].
func (v *Verifier) Schemes() []string {
	s := []string{Bcrypt, BetterAuthScrypt, Argon2, PBKDF2SHA256}
	if v.firebase != nil {
		s = append(s, FirebaseScrypt)
	}
	return s
}

// Encode checks hash, in scheme's export format (see the constants), and
// returns its stored form. Its error wraps [ErrUnknownScheme],
// [ErrMalformedHash] or [ErrOutOfBounds].
func (v *Verifier) Encode(scheme, hash string) (string, error) {
	h, err := v.parseExport(scheme, hash)
	if err != nil {
		return "", err
	}
	return h.stored(), nil
}

func (v *Verifier) parseExport(scheme, s string) (hash, error) {
	if len(s) > maxLen {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrMalformedHash, maxLen)
	}
	switch scheme {
	case Bcrypt:
		return parseBcrypt(s)
	case BetterAuthScrypt:
		return parseBetterAuth(s)
	case FirebaseScrypt:
		if v.firebase == nil {
			return nil, fmt.Errorf("%w: firebase-scrypt needs the project's hash parameters", ErrUnknownScheme)
		}
		return v.firebase.parse(s)
	case Argon2:
		return parseArgon2(s)
	case PBKDF2SHA256:
		return parseDjango(s)
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknownScheme, scheme)
}

// maxLen bounds the strings the parsers look at: the longest stored form
// (an argon2 string with a 256-byte salt and key) is well below it.
const maxLen = 1024

// Stored forms that are not the export's own.
const (
	betterAuthPrefix = "$better-auth-scrypt$"
	firebasePrefix   = "$firebase-scrypt$"
)

// parseStored parses a stored form, choosing the scheme by its prefix.
func (v *Verifier) parseStored(stored string) (hash, error) {
	switch {
	case strings.HasPrefix(stored, "$2a$"), strings.HasPrefix(stored, "$2b$"), strings.HasPrefix(stored, "$2y$"):
		return v.parseExport(Bcrypt, stored)
	case strings.HasPrefix(stored, "$argon2i$"), strings.HasPrefix(stored, "$argon2id$"):
		return v.parseExport(Argon2, stored)
	case strings.HasPrefix(stored, djangoPrefix):
		return v.parseExport(PBKDF2SHA256, stored)
	case strings.HasPrefix(stored, betterAuthPrefix):
		return v.parseExport(BetterAuthScrypt, stored[len(betterAuthPrefix):])
	case strings.HasPrefix(stored, firebasePrefix):
		return v.parseExport(FirebaseScrypt, stored[len(firebasePrefix):])
	}
	return nil, fmt.Errorf("%w: not a stored form of this package", ErrUnknownScheme)
}

// Recognizes reports whether stored has the prefix of one of the stored
// forms, well formed or not: such a string is this package's to verify.
func (v *Verifier) Recognizes(stored string) bool {
	for _, p := range []string{"$2a$", "$2b$", "$2y$", "$argon2i$", "$argon2id$", djangoPrefix, betterAuthPrefix, firebasePrefix} {
		if strings.HasPrefix(stored, p) {
			return true
		}
	}
	return false
}

// Verify reports whether password matches stored, a string [Verifier.Encode]
// returned, computing one hash of the stored scheme in a slot (see
// [WithConcurrency]). A mismatch is (false, nil); an error, with false,
// means stored could not be checked: it wraps [ErrUnknownScheme],
// [ErrMalformedHash], [ErrOutOfBounds] or the context's error.
func (v *Verifier) Verify(ctx context.Context, password []byte, stored string) (bool, error) {
	h, err := v.parseStored(stored)
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("legacy: %w", err)
	}
	select {
	case v.sem <- struct{}{}:
	case <-ctx.Done():
		return false, fmt.Errorf("legacy: waiting to verify: %w", ctx.Err())
	}
	defer func() { <-v.sem }()
	return h.matches(password)
}
