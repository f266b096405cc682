package legacy_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sesame-go/sesame/plugin/password/legacy"
)

// Encode checks an exported hash and gives its stored form, which Verify
// checks a password against. The password plugin does both; see
// password.Plugin.ImportHash.
func ExampleVerifier_Verify() {
	v, err := legacy.New()
	if err != nil {
		log.Fatal(err)
	}
	// better-auth's account.password column.
	stored, err := v.Encode(legacy.BetterAuthScrypt,
		"5d80f57b8dd0b5126b2f354aebbf287e:8885cdb814967ea0b6e63b347bfd05345d0b57ce802b35a3132d1977d198f41a8e4fbbb20827fbc40a94e972506c4e10735d11aa1de1e842b0e1ff6c71d24ab8")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(stored[:20])
	for _, pw := range []string{"correct horse", "wrong horse"} {
		ok, err := v.Verify(context.Background(), []byte(pw), stored)
		fmt.Println(pw, ok, err)
	}
	_, err = v.Encode(legacy.Argon2, "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U")
	fmt.Println(err)
	// Output:
	// $better-auth-scrypt$
	// correct horse true <nil>
	// wrong horse false <nil>
	// legacy: password hash work parameters out of bounds: argon2 memory 4194304 KiB is above 1048576 KiB
}
