package test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/jwt"
	"github.com/sesame-go/sesame/sqlb"
)

// Two instances share one database: a rotation on one is seen by the
// other; the new key is published before it signs, the old one until its
// last token expired; a verifier holding the set across the switch
// verifies every token; and two instances due to rotate at once make
// one key.
func TestRotationAcrossInstances(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		clock := authtest.NewClock(start)
		rotation := jwt.WithRotation(48*time.Hour, time.Hour)
		a := newInstance(t, e.DB, e.Dialect, clock, rotation)
		b := newInstance(t, e.DB, e.Dialect, clock, rotation)
		ca, cb := a.signIn(t, "ada"), b.signIn(t, "bob")
		v := jwt.NewVerifier(a.srv.URL, a.p.Issuer(), billing, jwt.WithClock(clock.Now))
		verify := func(what, token string) {
			t.Helper()
			if _, err := v.Verify(ctx, token); err != nil {
				t.Fatalf("Verify(%s) = %v", what, err)
			}
		}

		first := mint(t, ca, "billing")
		kid1 := header(t, first)["kid"]
		if got := header(t, mint(t, cb, "billing"))["kid"]; got != kid1 {
			t.Fatalf("instance b signs with %q, a with %q", got, kid1)
		}
		verify("the first token", first)

		r, err := b.p.Rotate(ctx)
		if err != nil || !r.Rotated || !r.SignsFrom.Equal(clock.Now().Add(time.Hour)) {
			t.Fatalf("Rotate = %+v, %v", r, err)
		}
		kid2 := r.KeyID
		if got := kids(t, jwks(t, a)); !slices.Equal(got, []string{kid2, kid1}) {
			t.Fatalf("key set after the rotation = %q, want the new key published first, %q", got, []string{kid2, kid1})
		}
		clock.Advance(time.Hour - time.Second)
		last := mint(t, ca, "billing")
		if got := header(t, last)["kid"]; got != kid1 {
			t.Fatalf("a token minted before the new key signs has kid %q, want %q", got, kid1)
		}
		clock.Advance(time.Second)
		next := mint(t, ca, "billing")
		if got := header(t, next)["kid"]; got != kid2 {
			t.Fatalf("a token minted once the new key signs has kid %q, want %q", got, kid2)
		}
		verify("a token of the new key", next)
		verify("the old key's last token", last)

		// The old key stays published until its last token expired, and
		// Sweep deletes it once none can be alive.
		clock.Advance(jwt.DefaultLifetime)
		if _, err := a.a.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := kids(t, jwks(t, b)); !slices.Equal(got, []string{kid2, kid1}) {
			t.Fatalf("key set while the old key's tokens may live = %q", got)
		}
		clock.Advance(time.Minute + time.Second)
		if _, err := a.a.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := kids(t, jwks(t, b)); !slices.Equal(got, []string{kid2}) {
			t.Fatalf("key set once the old key's tokens expired = %q, want %q", got, []string{kid2})
		}

		// Maintain: nothing is due until the publish-ahead time before
		// the key's 48 hours; then both instances at once make one key.
		if err := a.a.Maintain(ctx); err != nil {
			t.Fatal(err)
		}
		if n := countKeys(t, e.SQL()); n != 1 {
			t.Fatalf("keys after a Maintain with nothing due = %d, want 1", n)
		}
		clock.Advance(48 * time.Hour)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, in := range []*instance{a, b} {
			wg.Go(func() { errs[i] = in.a.Maintain(ctx) })
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("Maintain at once on two instances = %v, %v", errs[0], errs[1])
		}
		if n := countKeys(t, e.SQL()); n != 2 {
			t.Fatalf("keys after two instances' Maintain were due at once = %d, want 2", n)
		}
	})
}

// Maintain seals every key anew with a new first sealing key, so that
// the old one can be dropped: an instance that knows only the new one
// then signs with the same key.
func TestResealing(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		clock := authtest.NewClock(start)
		old := newInstance(t, e.DB, e.Dialect, clock)
		kid := header(t, mint(t, old.signIn(t, "ada"), ""))["kid"]
		fresh := []byte("another-sealing-key-of-32-bytes!")
		both := newInstanceSealed(t, e.DB, e.Dialect, clock, [][]byte{fresh, sealKey}, jwt.WithRotation(0, time.Hour))
		if err := both.a.Maintain(ctx); err != nil {
			t.Fatal(err)
		}
		only := newInstanceSealed(t, e.DB, e.Dialect, clock, [][]byte{fresh})
		if got := header(t, mint(t, only.signIn(t, "ada"), ""))["kid"]; got != kid {
			t.Fatalf("after resealing, kid %q, want %q", got, kid)
		}
		res := old.signIn(t, "bob").Post("/auth/jwt/token", nil)
		if res.Status != 200 {
			// old has the key opened in memory; a new process with only
			// the old sealing key cannot open it any more.
			t.Fatalf("mint on the process that opened the key = %d %s", res.Status, res.Body)
		}
		stale := newInstance(t, e.DB, e.Dialect, clock)
		if res := stale.signIn(t, "cy").Post("/auth/jwt/token", nil); res.Status != 500 {
			t.Fatalf("mint with only the dropped sealing key = %d %s, want 500", res.Status, res.Body)
		}
	})
}

func countKeys(t *testing.T, db *sqlb.DB) int64 {
	t.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(jwt.SigningKeys)); err != nil {
		t.Fatal(err)
	}
	return n
}
