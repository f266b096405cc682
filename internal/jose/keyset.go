package jose

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// KeySet is the JWK Set published at a URL, a provider's jwks_uri (OpenID
// Connect Discovery §3). It fetches the set when first needed and keeps it
// for the max age ([WithMaxAge], 1 hour); when a token names a kid the set
// lacks, as happens after the provider rotates its keys, it fetches the
// set again, at most once a minute (OpenID Connect Core §10.1.1). When a
// fetch fails it keeps using the keys it has, and tries again a minute
// later at the soonest.
//
// A KeySet is safe for concurrent use; one fetch runs at a time and the
// others wait for it, or for their context. It starts no goroutine.
type KeySet struct {
	url    string
	client *http.Client
	now    func() time.Time
	maxAge time.Duration

	// lock is held by whoever reads or changes the fields below; a channel
	// rather than a mutex, so that waiting for it heeds the context.
	lock      chan struct{}
	keys      Keys
	fetched   time.Time // when keys were fetched; zero before the first success
	refetched time.Time // when a kid the set lacked last made it fetch
	failed    time.Time // when the last fetch failed
	lastErr   error     // that fetch's error, nil after a success
}

// NewKeySet returns a KeySet for the JWK Set at url. It fetches nothing
// yet. Options: [WithHTTPClient], [WithClock], [WithMaxAge].
func NewKeySet(url string, opts ...Option) *KeySet {
	c := newConfig(opts)
	return &KeySet{url: url, client: c.client, now: c.now, maxAge: c.maxAge, lock: make(chan struct{}, 1)}
}

// FindKey returns the key for a token's kid and alg as [Keys.FindKey]
// does, fetching the set first if it has none yet or they are older than
// the max age, and again if no key has that kid. A fetch that fails gets
// an error matching [ErrFetch] and the cause, unless the keys at hand
// answer; a failed fetch is not tried again for a minute.
func (s *KeySet) FindKey(ctx context.Context, kid, alg string) (Key, error) {
	select {
	case s.lock <- struct{}{}:
	case <-ctx.Done():
		return Key{}, ctx.Err()
	}
	defer func() { <-s.lock }()

	now := s.now()
	fetchedNow := false
	if s.fetched.IsZero() || now.Sub(s.fetched) >= s.maxAge {
		err := s.fetchUnlessFailing(ctx, now)
		if err != nil && s.fetched.IsZero() {
			return Key{}, err
		}
		fetchedNow = err == nil
	}
	k, err := s.keys.FindKey(ctx, kid, alg)
	// OpenID Connect Core §10.1.1: a kid the set lacks may mean the
	// provider has rotated its keys; fetch them again, once a minute at
	// most, so that made-up kids cannot make this hammer the provider.
	if errors.Is(err, ErrUnknownKey) && kid != "" && !fetchedNow && !recent(s.refetched, now) {
		s.refetched = now
		if ferr := s.fetchUnlessFailing(ctx, now); ferr != nil {
			return Key{}, ferr
		}
		k, err = s.keys.FindKey(ctx, kid, alg)
	}
	return k, err
}

// recent reports whether t is less than a minute before now.
func recent(t, now time.Time) bool {
	return !t.IsZero() && now.Sub(t) < refetchInterval && !now.Before(t)
}

// fetchUnlessFailing fetches the set, unless a fetch failed less than a
// minute ago: then it answers that fetch's error. The caller holds the
// lock.
func (s *KeySet) fetchUnlessFailing(ctx context.Context, now time.Time) error {
	if s.lastErr != nil && recent(s.failed, now) {
		return s.lastErr
	}
	keys, err := s.fetch(ctx)
	if err != nil && ctx.Err() != nil {
		// The caller gave up: that says nothing of the provider, so the
		// next caller may try at once.
		return err
	}
	if err != nil {
		s.failed, s.lastErr = now, err
		return err
	}
	s.keys, s.fetched, s.lastErr = keys, now, nil
	return nil
}

// fetch gets and parses the set.
func (s *KeySet) fetch(ctx context.Context) (Keys, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: %s answered %s", ErrFetch, s.url, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxKeySetSize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	if len(body) > maxKeySetSize {
		return nil, fmt.Errorf("%w: %s sent more than %d bytes", ErrFetch, s.url, maxKeySetSize)
	}
	keys, err := ParseKeys(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFetch, err)
	}
	return keys, nil
}
