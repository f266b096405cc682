package totp_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// A key from a stored secret gives the code of any time, as an
// authenticator app shows it.
func ExampleKey_Code() {
	k, err := totp.DecodeKey("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ") // RFC 6238 Appendix A's seed
	if err != nil {
		panic(err)
	}
	at := time.Unix(1111111109, 0)
	fmt.Println(k.Step(at), k.Code(at))
	// Output: 37037036 081804
}

// Verify accepts the code of the step before or after, and returns the
// step it matched, which the caller stores to refuse the same code again.
func ExampleKey_Verify() {
	k, err := totp.DecodeKey("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
	if err != nil {
		panic(err)
	}
	now := time.Unix(1111111139, 0) // the user's phone was 30 seconds behind
	var last uint64                 // the last step accepted, from the store
	for _, code := range []string{"081804", "081804", "12345", "000000"} {
		step, err := k.Verify(code, now)
		switch {
		case errors.Is(err, totp.ErrMalformedCode):
			fmt.Println(code, "malformed")
		case err != nil:
			fmt.Println(code, "wrong")
		case step <= last:
			fmt.Println(code, "already used")
		default:
			last = step
			fmt.Println(code, "accepted at step", step)
		}
	}
	// Output:
	// 081804 accepted at step 37037036
	// 081804 already used
	// 12345 malformed
	// 000000 wrong
}

// The URI goes in the QR code that an authenticator app scans.
func ExampleKey_URI() {
	k, err := totp.DecodeKey("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
	if err != nil {
		panic(err)
	}
	uri, err := k.URI("ACME Co", "john.doe@email.com")
	if err != nil {
		panic(err)
	}
	fmt.Println(uri)
	// Output: otpauth://totp/ACME%20Co:john.doe%40email.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=ACME%20Co&algorithm=SHA1&digits=6&period=30
}

func ExampleParseURI() {
	k, issuer, account, err := totp.ParseURI("otpauth://totp/ACME%20Co:alice?secret=gezd+gnbv+gy3t+qojq+gezd+gnbv+gy3t+qojq&digits=8&algorithm=SHA256")
	if err != nil {
		panic(err)
	}
	fmt.Println(issuer, account, k.Algorithm(), k.Digits(), k.Period())
	// Output: ACME Co alice SHA256 8 30s
}

// A new key prints as [redacted], as does anything holding one; its
// Base32 form is for the user to type in.
func ExampleGenerate() {
	k, err := totp.Generate(totp.WithAlgorithm(totp.SHA256))
	if err != nil {
		panic(err)
	}
	fmt.Println(k, len(k.Secret()), len(k.Base32()))
	// Output: [redacted] 32 52
}
