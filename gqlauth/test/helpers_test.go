package test

import (
	"testing"

	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

// cheapHasher is argon2id with the least work, for speed.
func cheapHasher(tb testing.TB) *argon2id.Hasher {
	tb.Helper()
	h, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}
