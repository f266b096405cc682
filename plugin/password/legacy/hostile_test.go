package legacy

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestHostileHashes: a hash asking for too much work, or malformed, is
// refused by Encode and, stored, by Verify, at once and with an error, not
// after hanging or allocating gigabytes.
func TestHostileHashes(t *testing.T) {
	v := newVerifier(t)
	salt := "c29tZXNhbHRzb21lc2FsdA" // 16 bytes, unpadded base64
	key := "a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U"
	tests := []struct {
		name, scheme, hash string
		want               error
	}{
		{"bcrypt cost 31", Bcrypt, "$2b$31$" + strings.Repeat("a", 53), ErrOutOfBounds},
		{"bcrypt cost 15", Bcrypt, "$2b$15$" + strings.Repeat("a", 53), ErrOutOfBounds},
		{"bcrypt cost 3", Bcrypt, "$2b$03$" + strings.Repeat("a", 53), ErrOutOfBounds},
		{"bcrypt 2x", Bcrypt, "$2x$10$" + strings.Repeat("a", 53), ErrUnknownScheme},
		{"bcrypt short", Bcrypt, "$2b$10$" + strings.Repeat("a", 52), ErrMalformedHash},
		{"bcrypt bad alphabet", Bcrypt, "$2b$10$" + strings.Repeat("a", 52) + "=", ErrMalformedHash},
		{"bcrypt cost not digits", Bcrypt, "$2b$1a$" + strings.Repeat("a", 53), ErrMalformedHash},
		{"argon2 4 GiB", Argon2, "$argon2id$v=19$m=4194304,t=1,p=1$" + salt + "$" + key, ErrOutOfBounds},
		{"argon2 above 1 GiB", Argon2, "$argon2i$v=19$m=1048577,t=1,p=1$" + salt + "$" + key, ErrOutOfBounds},
		{"argon2 65 passes", Argon2, "$argon2i$v=19$m=1024,t=65,p=1$" + salt + "$" + key, ErrOutOfBounds},
		{"argon2 parallelism 65", Argon2, "$argon2id$v=19$m=65536,t=1,p=65$" + salt + "$" + key, ErrOutOfBounds},
		{"argon2 memory over 32 bits", Argon2, "$argon2id$v=19$m=99999999999,t=1,p=1$" + salt + "$" + key, ErrMalformedHash},
		{"argon2 version 1.0", Argon2, "$argon2i$m=1024,t=1,p=1$" + salt + "$" + key, ErrUnknownScheme},
		{"argon2d", Argon2, "$argon2d$v=19$m=1024,t=1,p=1$" + salt + "$" + key, ErrUnknownScheme},
		{"argon2 bad base64", Argon2, "$argon2i$v=19$m=1024,t=1,p=1$" + salt + "$" + key + "=", ErrMalformedHash},
		{"django 10^9 iterations", PBKDF2SHA256, "pbkdf2_sha256$1000000000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", ErrOutOfBounds},
		{"django 0 iterations", PBKDF2SHA256, "pbkdf2_sha256$0$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", ErrOutOfBounds},
		{"django leading zero", PBKDF2SHA256, "pbkdf2_sha256$0390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", ErrMalformedHash},
		{"django short key", PBKDF2SHA256, "pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKg", ErrMalformedHash},
		{"django no salt", PBKDF2SHA256, "pbkdf2_sha256$390000$$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", ErrMalformedHash},
		{"django sha1", PBKDF2SHA256, "pbkdf2_sha1$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", ErrMalformedHash},
		{"better-auth no colon", BetterAuthScrypt, strings.Repeat("a", 160), ErrMalformedHash},
		{"better-auth upper hex", BetterAuthScrypt, strings.Repeat("A", 32) + ":" + strings.Repeat("a", 128), ErrMalformedHash},
		{"better-auth short key", BetterAuthScrypt, strings.Repeat("a", 32) + ":" + strings.Repeat("a", 126), ErrMalformedHash},
		{"firebase short hash", FirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15cpx95", ErrMalformedHash},
		{"firebase no salt", FirebaseScrypt, "$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==", ErrMalformedHash},
		{"firebase not base64", FirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=!", ErrMalformedHash},
		{"unknown scheme", "md5", "5f4dcc3b5aa765d61d8327deb882cf99", ErrUnknownScheme},
		{"too long", Argon2, "$argon2i$" + strings.Repeat("a", 2000), ErrMalformedHash},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			begin := time.Now()
			if got, err := v.Encode(tt.scheme, tt.hash); !errors.Is(err, tt.want) || got != "" {
				t.Errorf("Encode(%s, %q) = %q, %v, want %v", tt.scheme, tt.hash, got, err, tt.want)
			}
			stored := tt.hash
			switch tt.scheme {
			case BetterAuthScrypt:
				stored = betterAuthPrefix + stored
			case FirebaseScrypt:
				stored = firebasePrefix + stored
			}
			if ok, err := v.Verify(context.Background(), []byte("password"), stored); ok || err == nil {
				t.Errorf("Verify(stored %q) = %v, %v, want an error", stored, ok, err)
			}
			if d := time.Since(begin); d > time.Second {
				t.Errorf("refusing took %v", d)
			}
		})
	}
}

// TestNotOurs: strings of no stored form are not recognized, and Verify
// refuses them; the plugin's own argon2id hashes are recognized (an
// argon2id import may have any parameters).
func TestNotOurs(t *testing.T) {
	v := newVerifier(t)
	for _, s := range []string{"", "plain", "$2x$10$abc", "$scrypt$ln=1", "sha1$salt$abc", "salt:key"} {
		if v.Recognizes(s) {
			t.Errorf("Recognizes(%q) = true", s)
		}
		if ok, err := v.Verify(context.Background(), []byte("x"), s); ok || !errors.Is(err, ErrUnknownScheme) {
			t.Errorf("Verify(%q) = %v, %v, want ErrUnknownScheme", s, ok, err)
		}
	}
}

// TestVerifyWaitsForASlot: with every slot taken, Verify returns the
// context's error instead of computing.
func TestVerifyWaitsForASlot(t *testing.T) {
	v, err := New(WithConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	v.sem <- struct{}{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err = v.Verify(ctx, []byte("x"), "$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Verify with no free slot = %v, want the deadline", err)
	}
}
