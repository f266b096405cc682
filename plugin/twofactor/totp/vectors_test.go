package totp

import (
	"strconv"
	"testing"
	"time"
)

// The seeds of RFC 6238 Appendix A, one per hash function.
var (
	seed20 = []byte("12345678901234567890")
	seed32 = []byte("12345678901234567890123456789012")
	seed64 = []byte("1234567890123456789012345678901234567890123456789012345678901234")
)

// totpVectors are the test vectors of RFC 6238 Appendix B: 8 digits, a
// step of 30 seconds, T0 = 0.
var totpVectors = []struct {
	unix int64
	step uint64
	alg  Algorithm
	code string
}{
	{59, 0x1, SHA1, "94287082"},
	{59, 0x1, SHA256, "46119246"},
	{59, 0x1, SHA512, "90693936"},
	{1111111109, 0x23523EC, SHA1, "07081804"},
	{1111111109, 0x23523EC, SHA256, "68084774"},
	{1111111109, 0x23523EC, SHA512, "25091201"},
	{1111111111, 0x23523ED, SHA1, "14050471"},
	{1111111111, 0x23523ED, SHA256, "67062674"},
	{1111111111, 0x23523ED, SHA512, "99943326"},
	{1234567890, 0x273EF07, SHA1, "89005924"},
	{1234567890, 0x273EF07, SHA256, "91819424"},
	{1234567890, 0x273EF07, SHA512, "93441116"},
	{2000000000, 0x3F940AA, SHA1, "69279037"},
	{2000000000, 0x3F940AA, SHA256, "90698825"},
	{2000000000, 0x3F940AA, SHA512, "38618901"},
	{20000000000, 0x27BC86AA, SHA1, "65353130"},
	{20000000000, 0x27BC86AA, SHA256, "77737706"},
	{20000000000, 0x27BC86AA, SHA512, "47863826"},
}

// hotpVectors are the test vectors of RFC 4226 Appendix D: the seed of 20
// bytes, SHA-1, 6 digits, counters 0 to 9.
var hotpVectors = []string{"755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"}

// rfcKey returns the key of RFC 6238 Appendix A for the algorithm.
func rfcKey(tb testing.TB, alg Algorithm, digits int) Key {
	tb.Helper()
	seed := map[Algorithm][]byte{SHA1: seed20, SHA256: seed32, SHA512: seed64}[alg]
	k, err := NewKey(seed, WithAlgorithm(alg), WithDigits(digits))
	if err != nil {
		tb.Fatalf("NewKey(%q, %v, %d) = %v", seed, alg, digits, err)
	}
	return k
}

// TestRFC6238: the codes of Appendix B, and each verifies at its time as
// its step.
func TestRFC6238(t *testing.T) {
	for _, tt := range totpVectors {
		t.Run(tt.alg.String()+"/"+strconv.FormatInt(tt.unix, 10), func(t *testing.T) {
			k := rfcKey(t, tt.alg, 8)
			at := time.Unix(tt.unix, 0).UTC()
			if got := k.Step(at); got != tt.step {
				t.Errorf("Step(%v) = %#x, want %#x", at, got, tt.step)
			}
			if got := k.Code(at); got != tt.code {
				t.Errorf("Code(%v) = %q, want %q", at, got, tt.code)
			}
			if got, err := k.VerifySkew(tt.code, at, 0); err != nil || got != tt.step {
				t.Errorf("VerifySkew(%q, %v, 0) = %#x, %v, want %#x", tt.code, at, got, err, tt.step)
			}
		})
	}
}

// TestRFC4226: the HOTP values of Appendix D.
func TestRFC4226(t *testing.T) {
	k := rfcKey(t, SHA1, 6)
	for counter, want := range hotpVectors {
		if got := k.HOTP(uint64(counter)); got != want {
			t.Errorf("HOTP(%d) = %q, want %q", counter, got, want)
		}
	}
}
