package argon2id

import (
	"context"
	"crypto/subtle"
	"fmt"
	"io"

	"golang.org/x/crypto/argon2"
)

// Hasher hashes and verifies passwords with argon2id. It is safe for
// concurrent use; at most the [WithConcurrency] number of hashes are
// computed at once.
type Hasher struct {
	params Params
	sem    chan struct{} // one token per hash being computed
	rand   io.Reader
	dummy  string
	hooks  testHooks
}

// testHooks let this package's tests observe the semaphore; nil in
// production.
type testHooks struct {
	waiting func() // a computation found every slot taken and waits
	compute func() // a computation holds a slot, before deriving the key
}

// New returns a Hasher that makes new hashes with p. It returns an error
// wrapping [ErrInvalidParams] if p fails [Params.Validate].
func New(p Params, opts ...Option) (*Hasher, error) {
	c := newConfig()
	for _, o := range opts {
		o(c)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if c.concurrency < 1 {
		return nil, fmt.Errorf("argon2id: concurrency %d is below 1", c.concurrency)
	}
	h := &Hasher{params: p, sem: make(chan struct{}, c.concurrency), rand: c.rand}
	dummy, err := h.newDummy()
	if err != nil {
		return nil, err
	}
	h.dummy = dummy
	return h, nil
}

// Hash returns the PHC string of password hashed with a new random salt
// and the hasher's parameters, for example
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>
//
// It waits for a free slot (see [WithConcurrency]) and returns the
// context's error, wrapped, if ctx ends first.
func (h *Hasher) Hash(ctx context.Context, password []byte) (string, error) {
	salt := make([]byte, h.params.SaltLength)
	if _, err := io.ReadFull(h.rand, salt); err != nil {
		return "", fmt.Errorf("argon2id: reading a salt: %w", err)
	}
	key, err := h.derive(ctx, password, salt, h.params)
	if err != nil {
		return "", err
	}
	return encode(h.params, salt, key), nil
}

// Verify reports whether password matches encoded, a string [Hasher.Hash]
// (or any argon2id v=19 implementation) wrote. The key is derived with the
// parameters and salt stored in encoded and compared in constant time.
//
// A mismatch is (false, nil). An error, with false, means encoded could
// not be checked: it wraps [ErrMalformedHash], [ErrUnsupportedHash],
// [ErrInvalidParams] (including a stored hash asking for more than the
// larger of the hasher's own parameters and 1 GiB of memory, 64 iterations
// and parallelism 64), or the context's error if ctx ends while waiting
// for a slot.
func (h *Hasher) Verify(ctx context.Context, password []byte, encoded string) (ok bool, err error) {
	p, salt, key, err := Parse(encoded)
	if err != nil {
		return false, err
	}
	if err := affordable(p, h.params); err != nil {
		return false, err
	}
	got, err := h.derive(ctx, password, salt, p)
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// NeedsRehash reports whether encoded should be replaced by a new hash of
// the same password (after a successful [Hasher.Verify]): its parameters,
// salt length or key length differ from the hasher's, or it is not a
// well-formed argon2id v=19 string.
func (h *Hasher) NeedsRehash(encoded string) bool {
	p, _, _, err := Parse(encoded)
	return err != nil || p != h.params
}

// Dummy returns a valid encoded hash with the hasher's parameters that no
// known password matches. When an account or its password does not exist,
// verify the submitted password against it and refuse, so that every
// sign-in costs exactly one hash whether or not the account exists:
//
//	encoded := h.Dummy()
//	if found {
//		encoded = stored
//	}
//	ok, err := h.Verify(ctx, password, encoded)
//	ok = ok && found
//
// It is the same string for the life of the hasher.
func (h *Hasher) Dummy() string { return h.dummy }

// newDummy encodes a random salt and a random key. Verifying against it
// costs what verifying against a real hash does, and finding a password
// that matches it is a preimage attack on argon2id.
func (h *Hasher) newDummy() (string, error) {
	b := make([]byte, h.params.SaltLength+h.params.KeyLength)
	if _, err := io.ReadFull(h.rand, b); err != nil {
		return "", fmt.Errorf("argon2id: reading a dummy hash: %w", err)
	}
	return encode(h.params, b[:h.params.SaltLength], b[h.params.SaltLength:]), nil
}

// derive computes the argon2id key of password in a semaphore slot.
func (h *Hasher) derive(ctx context.Context, password, salt []byte, p Params) ([]byte, error) {
	if err := h.acquire(ctx); err != nil {
		return nil, err
	}
	defer func() { <-h.sem }()
	if h.hooks.compute != nil {
		h.hooks.compute()
	}
	return argon2.IDKey(password, salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLength), nil
}

// acquire takes a slot, waiting for one until ctx ends.
func (h *Hasher) acquire(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("argon2id: %w", err)
	}
	select {
	case h.sem <- struct{}{}:
		return nil
	default:
	}
	if h.hooks.waiting != nil {
		h.hooks.waiting()
	}
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("argon2id: waiting to hash: %w", ctx.Err())
	}
}
