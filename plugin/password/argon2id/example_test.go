package argon2id_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

func ExampleNew() {
	// DefaultParams with at most 4 hashes computed at once: a burst of
	// sign-ins then holds at most 4 * 19 MiB.
	h, err := argon2id.New(argon2id.DefaultParams, argon2id.WithConcurrency(4))
	if err != nil {
		log.Fatal(err)
	}
	_ = h
}

func ExampleHasher_Hash() {
	h, err := argon2id.New(argon2id.DefaultParams)
	if err != nil {
		log.Fatal(err)
	}
	encoded, err := h.Hash(context.Background(), []byte("correct horse battery staple"))
	if err != nil {
		log.Fatal(err)
	}
	// encoded is "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>", with a
	// new random salt every time.
	p, salt, key, err := argon2id.Parse(encoded)
	fmt.Printf("m=%d t=%d p=%d, %d-byte salt, %d-byte key, %v\n", p.Memory, p.Iterations, p.Parallelism, len(salt), len(key), err)
	// Output: m=19456 t=2 p=1, 16-byte salt, 32-byte key, <nil>
}

func ExampleHasher_Verify() {
	h, err := argon2id.New(argon2id.DefaultParams)
	if err != nil {
		log.Fatal(err)
	}
	// A hash from the reference implementation's tests, made with other
	// parameters: Verify uses the ones stored in it.
	const stored = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
	for _, password := range []string{"password", "Password"} {
		ok, err := h.Verify(context.Background(), []byte(password), stored)
		fmt.Printf("%s: ok=%v err=%v\n", password, ok, err)
	}
	// Verified with old parameters: store a new hash of the password.
	fmt.Println("needs rehash:", h.NeedsRehash(stored))
	// Output:
	// password: ok=true err=<nil>
	// Password: ok=false err=<nil>
	// needs rehash: true
}

func ExampleHasher_Dummy() {
	h, err := argon2id.New(argon2id.DefaultParams)
	if err != nil {
		log.Fatal(err)
	}
	// lookup stands for the host's query for a stored hash.
	lookup := func(email string) (string, bool) { return "", false }

	signIn := func(ctx context.Context, email string, password []byte) (bool, error) {
		stored, found := lookup(email)
		if !found {
			// Spend one hash anyway, so that the answer's timing does not
			// tell that the account does not exist.
			stored = h.Dummy()
		}
		ok, err := h.Verify(ctx, password, stored)
		return ok && found, err
	}
	ok, err := signIn(context.Background(), "nobody@example.com", []byte("guess"))
	fmt.Println(ok, err)
	// Output: false <nil>
}

func ExampleParse() {
	p, salt, key, err := argon2id.Parse("$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc")
	fmt.Printf("%+v %q %x %v\n", p, salt, key[:4], err)
	// Output: {Memory:65536 Iterations:2 Parallelism:1 SaltLength:8 KeyLength:32} "somesalt" 09316115 <nil>
}
