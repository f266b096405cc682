package test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/legacy"
	"github.com/sesame-go/sesame/sqlb"
)

// vectors are the hashes the original implementations made, in the
// legacy package's testdata (its README says where each came from).
type vectors struct {
	Firebase struct {
		SignerKey, SaltSeparator string
		Rounds, MemCost          int
	}
	Vectors []struct {
		Scheme, Password, Hash, Variant string
		AlsoMatches                     []string
	}
}

func loadVectors(tb testing.TB) vectors {
	tb.Helper()
	b, err := os.ReadFile("../legacy/testdata/vectors.json")
	if err != nil {
		tb.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatal(err)
	}
	return v
}

// withFirebase is the option of the sample project of the vectors.
func withFirebase(tb testing.TB) password.Option {
	fb := loadVectors(tb).Firebase
	return password.WithFirebaseScrypt(legacy.FirebaseParams{SignerKey: auth.NewSecret(fb.SignerKey),
		SaltSeparator: fb.SaltSeparator, Rounds: fb.Rounds, MemCost: fb.MemCost})
}

// importedCase is a person whose password comes from another system.
type importedCase struct {
	name, scheme, hash, password string
	also                         []string // other spellings of the password that match (NFKC)
}

// importedCases picks, from the vectors, one of each scheme and variant at
// the lowest cost, and Django's own vector.
func importedCases(tb testing.TB) []importedCase {
	tb.Helper()
	var out []importedCase
	seen := map[string]bool{}
	for _, v := range loadVectors(tb).Vectors {
		key := strings.TrimSpace(v.Scheme + " " + v.Variant)
		if len(v.AlsoMatches) > 0 && v.Scheme == legacy.BetterAuthScrypt {
			key += " NFKC"
		}
		if seen[key] || strings.HasPrefix(v.Hash, "$2b$10$") || v.Password == "" {
			continue
		}
		seen[key] = true
		out = append(out, importedCase{key, v.Scheme, v.Hash, v.Password, v.AlsoMatches})
		if v.Scheme == legacy.Bcrypt {
			out = append(out, importedCase{"bcrypt $2y$ (PHP, Laravel)", v.Scheme, "$2y$" + v.Hash[4:], v.Password, nil})
		}
	}
	return append(out, importedCase{"pbkdf2-sha256 Django's own", password.SchemePBKDF2SHA256,
		"pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", "lètmein", nil})
}

// importUser creates a person with a verified address and imports hash as
// their password.
func (f *fixture) importUser(t *testing.T, addr, scheme, hash string) string {
	t.Helper()
	ctx := context.Background()
	u, err := f.a.CreateUser(ctx, auth.NewUser{Name: "Imported", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.ImportHash(ctx, password.ImportHashRequest{UserID: u.ID, Scheme: scheme, Hash: auth.NewSecret(hash)}); err != nil {
		t.Fatalf("ImportHash(%s) = %v", scheme, err)
	}
	return u.ID
}

func storedHash(t *testing.T, db *sqlb.DB, userID string) string {
	t.Helper()
	var h string
	if err := db.One(context.Background(), sqlb.Select(password.PasswordHash.Into(&h)).From(password.Passwords).
		Where(password.PasswordUserID.Eq(userID))); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestImportedHashJourneys: a person whose hash came from another system,
// in each scheme, is refused with a wrong password exactly as anyone is,
// signs in with the right one over HTTP, and from then on has an argon2id
// hash of the plugin's own parameters, which signs them in again.
func TestImportedHashJourneys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, withFirebase(t))
		unknown := f.c.Post("/auth/password/sign-in", map[string]string{"email": "nobody@example.com", "password": "wrong horse"})
		for i, tc := range importedCases(t) {
			t.Run(tc.name, func(t *testing.T) {
				addr := fmt.Sprintf("imported%d@example.com", i)
				id := f.importUser(t, addr, tc.scheme, tc.hash)
				imported := storedHash(t, f.a.DB(), id)

				before := f.hasher.n.Load()
				wrong := f.c.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": "wrong horse"})
				if wrong.Status != unknown.Status || string(wrong.Body) != string(unknown.Body) {
					t.Errorf("wrong password = %d %s, want what an unknown address gets: %d %s", wrong.Status, wrong.Body, unknown.Status, unknown.Body)
				}
				if n := f.hasher.n.Load() - before; n != 0 {
					t.Errorf("a wrong password computed %d argon2id hashes besides the imported scheme's, want 0", n)
				}
				if got := storedHash(t, f.a.DB(), id); got != imported {
					t.Errorf("a wrong password changed the stored hash to %s", got)
				}

				before = f.hasher.n.Load()
				c := authtest.NewClient(t, f.h)
				f.post(t, c, "/auth/password/sign-in", map[string]string{"email": addr, "password": tc.password}, http.StatusOK)
				if n := f.hasher.n.Load() - before; n != 1 {
					t.Errorf("the first sign-in computed %d argon2id hashes, want 1 (the replacement)", n)
				}
				now := storedHash(t, f.a.DB(), id)
				if !strings.HasPrefix(now, "$argon2id$") || f.hasher.NeedsRehash(now) {
					t.Errorf("stored hash after the first sign-in = %s, want argon2id of the plugin's parameters", now)
				}
				before = f.hasher.n.Load()
				f.post(t, authtest.NewClient(t, f.h), "/auth/password/sign-in", map[string]string{"email": addr, "password": tc.password}, http.StatusOK)
				if n := f.hasher.n.Load() - before; n != 1 {
					t.Errorf("the second sign-in computed %d hashes, want 1", n)
				}
				if got := storedHash(t, f.a.DB(), id); got != now {
					t.Error("a sign-in with the plugin's own hash replaced it")
				}
			})
		}
	})
}

// TestImportedNFKCBeforeRehash: better-auth normalizes passwords to NFKC,
// so the other spelling signs in with the imported hash too; the
// replacement hashes the spelling typed then, as the plugin's own hashes
// do, so that spelling is the password from then on.
func TestImportedNFKCBeforeRehash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		for i, tc := range importedCases(t) {
			if len(tc.also) == 0 {
				continue
			}
			addr := fmt.Sprintf("nfkc%d@example.com", i)
			f.importUser(t, addr, tc.scheme, tc.hash)
			f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": addr, "password": tc.also[0]}, http.StatusOK)
			f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": addr, "password": tc.also[0]}, http.StatusOK)
			wantError(t, "the spelling not typed at the first sign-in", f.c.Post("/auth/password/sign-in",
				map[string]string{"email": addr, "password": tc.password}), http.StatusUnauthorized, "invalid_credentials")
		}
	})
}

// TestConcurrentRehash: 20 concurrent sign-ins with the right password of
// an imported hash all succeed; the hash is replaced once (compare-and-set)
// by an argon2id hash of the same password, and the losers of the race
// check against it rather than fail.
func TestConcurrentRehash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		id := f.importUser(t, "ada@example.com", password.SchemeBcrypt, "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")
		const n = 20
		var wg sync.WaitGroup
		statuses := make([]int, n)
		for i := range n {
			wg.Go(func() {
				res := authtest.NewClient(t, f.h).Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"})
				statuses[i] = res.Status
			})
		}
		wg.Wait()
		for i, s := range statuses {
			if s != http.StatusOK {
				t.Errorf("concurrent sign-in %d = %d, want 200", i, s)
			}
		}
		now := storedHash(t, f.a.DB(), id)
		if ok, err := f.hasher.Verify(context.Background(), []byte("correct horse"), now); !ok || err != nil || f.hasher.NeedsRehash(now) {
			t.Errorf("stored hash after the race = %s (verifies: %v, %v), want the plugin's argon2id of the password", now, ok, err)
		}
		var sessions int64
		if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &sessions)).From(auth.Sessions).
			Where(auth.SessionUserID.Eq(id))); err != nil {
			t.Fatal(err)
		}
		if sessions != n {
			t.Errorf("%d sessions after %d sign-ins", sessions, n)
		}
	})
}

// TestImportReplacesPassword: importing a hash for a person who has a
// password replaces it, as an account-security event: their sessions and
// reset links end, and the old password no longer signs in.
func TestImportReplacesPassword(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.signUp(t, "ada@example.com", "battery staple")
		var in password.SignedIn
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "battery staple"}, http.StatusOK).Decode(t, &in)
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)

		err := f.pw.ImportHash(context.Background(), password.ImportHashRequest{UserID: in.User.ID, Scheme: password.SchemeBcrypt,
			Hash: auth.NewSecret("$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")})
		if err != nil {
			t.Fatal(err)
		}
		wantError(t, "the session after an import", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "a reset link sent before the import", f.c.Post("/auth/password/reset",
			map[string]string{"token": reset, "password": "new password 1"}), http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the old password", f.c.Post("/auth/password/sign-in",
			map[string]string{"email": "ada@example.com", "password": "battery staple"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"}, http.StatusOK)
	})
}

// TestChangeFromImportedHash: a person with an imported hash changes their
// password with the imported one as the current password.
func TestChangeFromImportedHash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		id := f.importUser(t, "ada@example.com", password.SchemePBKDF2SHA256, "pbkdf2_sha256$390000$seasalt2$geC/uZ92nRXDSjSxeoiBqYyRcrLzMm8xK3ro1QS1uo8=")
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "lètmein"}, http.StatusOK)
		// Put the imported hash back, as if the sign-in had been another system's.
		if _, err := f.a.DB().Exec(context.Background(), sqlb.Update(password.Passwords).Set(password.PasswordHash.Set(
			"pbkdf2_sha256$390000$seasalt2$geC/uZ92nRXDSjSxeoiBqYyRcrLzMm8xK3ro1QS1uo8=")).Where(password.PasswordUserID.Eq(id))); err != nil {
			t.Fatal(err)
		}
		wantError(t, "change with a wrong current password", f.c.Post("/auth/password/change",
			map[string]any{"currentPassword": "letmein", "newPassword": "battery staple"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/password/change", map[string]any{"currentPassword": "lètmein", "newPassword": "battery staple"}, http.StatusOK)
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "battery staple"}, http.StatusOK)
	})
}

// TestImportRefusals: ImportHash refuses, changing nothing, an unknown
// scheme, a malformed hash, hostile work parameters, firebase-scrypt
// without the project's parameters, and a user who does not exist.
func TestImportRefusals(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		u, err := f.a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: "ada@example.com", Verified: true}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range f.pw.PasswordSchemes() {
			if s == password.SchemeFirebaseScrypt {
				t.Error("PasswordSchemes offers firebase-scrypt without WithFirebaseScrypt")
			}
		}
		salt, key := "c29tZXNhbHRzb21lc2FsdA", "a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U"
		tests := []struct {
			name, user, scheme, hash string
			want                     error
		}{
			{"unknown scheme", u.ID, "md5", "5f4dcc3b5aa765d61d8327deb882cf99", password.ErrInvalidHash},
			{"firebase without parameters", u.ID, password.SchemeFirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==", password.ErrInvalidHash},
			{"bcrypt cost 31", u.ID, password.SchemeBcrypt, "$2b$31$" + strings.Repeat("a", 53), password.ErrInvalidHash},
			{"argon2 4 GiB", u.ID, password.SchemeArgon2, "$argon2id$v=19$m=4194304,t=1,p=1$" + salt + "$" + key, password.ErrInvalidHash},
			{"django 10^9 iterations", u.ID, password.SchemePBKDF2SHA256, "pbkdf2_sha256$1000000000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", password.ErrInvalidHash},
			{"better-auth malformed", u.ID, password.SchemeBetterAuthScrypt, "abc:def", password.ErrInvalidHash},
			{"a bcrypt hash named argon2", u.ID, password.SchemeArgon2, "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq", password.ErrInvalidHash},
			{"argon2 too long to store", u.ID, password.SchemeArgon2, "$argon2id$v=19$m=1024,t=1,p=1$" + strings.Repeat("c2FsdHNhbHQ", 8) + "$" + strings.Repeat("a2V5a2V5a2V5", 16), password.ErrInvalidHash},
			{"no such user", "no-such-user", password.SchemeBcrypt, "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq", auth.ErrUserNotFound},
			{"no hash", u.ID, password.SchemeBcrypt, "", auth.ErrInvalidInput},
			{"no scheme", u.ID, "", "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq", auth.ErrInvalidInput},
		}
		before := state(t, e.SQL())
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := f.pw.ImportHash(ctx, password.ImportHashRequest{UserID: tt.user, Scheme: tt.scheme, Hash: auth.NewSecret(tt.hash)})
				if !errors.Is(err, tt.want) {
					t.Errorf("ImportHash(%s) = %v, want %v", tt.name, err, tt.want)
				}
				if err != nil && tt.hash != "" && strings.Contains(err.Error(), tt.hash) {
					t.Errorf("ImportHash's error quotes the hash: %v", err)
				}
			})
		}
		if after := state(t, e.SQL()); after != before {
			t.Errorf("refused imports changed the tables:\nbefore:\n%s\nafter:\n%s", before, after)
		}
	})
}

// TestHostileStoredHash: a stored row asking for too much work (corrupt,
// or planted by someone with write access to the table) fails that
// sign-in at once with an internal error, without hashing it.
func TestHostileStoredHash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		id := f.importUser(t, "ada@example.com", password.SchemeBcrypt, "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")
		salt, key := "c29tZXNhbHRzb21lc2FsdA", "a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U"
		for _, h := range []string{"$2b$31$" + strings.Repeat("a", 53), "$argon2i$v=19$m=4194304,t=1,p=1$" + salt + "$" + key,
			"pbkdf2_sha256$2000000000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
			"$firebase-scrypt$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=="} {
			if _, err := f.a.DB().Exec(context.Background(), sqlb.Update(password.Passwords).Set(password.PasswordHash.Set(h)).
				Where(password.PasswordUserID.Eq(id))); err != nil {
				t.Fatal(err)
			}
			begin := time.Now()
			res := f.c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"})
			wantError(t, "sign-in against "+h[:12], res, http.StatusInternalServerError, "internal")
			if d := time.Since(begin); d > 2*time.Second {
				t.Errorf("refusing %s took %v", h[:12], d)
			}
		}
	})
}

// gatedRehash holds the first Hash after arm until release: a sign-in
// that verified an imported hash and is making its replacement, outside
// the transaction.
type gatedRehash struct {
	*countingHasher
	gate gatedHasher // its channels and arming; its Verify is not used
}

func (h *gatedRehash) Hash(ctx context.Context, pw []byte) (string, error) {
	s, err := h.countingHasher.Hash(ctx, pw)
	g := &h.gate
	g.mu.Lock()
	armed := g.armed
	g.armed = false
	g.mu.Unlock()
	if armed {
		close(g.entered)
		<-g.release
	}
	return s, err
}

// TestImportedSignInRacesReset: a sign-in that verified an imported hash
// before a reset neither gets a session after it nor writes its
// replacement over the reset's password.
func TestImportedSignInRacesReset(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		h := &gatedRehash{countingHasher: newCountingHasher(t, testParams)}
		gate := &h.gate
		f := newFixture(t, e, password.WithHasher(h))
		id := f.importUser(t, "ada@example.com", password.SchemeBcrypt, "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)

		gate.arm()
		late := make(chan *authtest.Response)
		go func() {
			late <- authtest.NewClient(t, f.h).Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"})
		}()
		<-gate.entered
		f.post(t, f.c, "/auth/password/reset", map[string]string{"token": reset, "password": "the new password"}, http.StatusOK)
		close(gate.release)
		wantError(t, "the sign-in that checked the imported hash before the reset", <-late, http.StatusUnauthorized, "invalid_credentials")
		if n := count(t, f.a.DB(), auth.Sessions, nil); n != 0 {
			t.Fatalf("%d sessions after the reset, want none", n)
		}
		if ok, err := h.Verify(context.Background(), []byte("the new password"), storedHash(t, f.a.DB(), id)); !ok || err != nil {
			t.Errorf("the stored hash is not the reset's: %v, %v", ok, err)
		}
	})
}
