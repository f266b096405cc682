package totp

import (
	"fmt"
	"time"
)

// Verify checks a code typed by a user at time t against the steps from
// one before t's to one after ([DefaultSkew], as RFC 6238 §5.2 recommends
// for network delay and clock drift), and returns the step counter that
// matched. See [Key.VerifySkew].
func (k Key) Verify(code string, t time.Time) (step uint64, err error) {
	return k.VerifySkew(code, t, DefaultSkew)
}

// VerifySkew checks a code typed by a user at time t against the steps
// from skew before t's to skew after, and returns the step counter that
// matched, the latest when several do. A code that is not exactly the
// key's digits in ASCII returns [ErrMalformedCode]; one that matches no
// step, or any code for the zero Key, returns [ErrWrongCode]. The step
// returned is 0 with an error.
//
// A code matches every step of the window that produced it: to accept
// each code once (RFC 6238 §5.2), store the step returned and refuse a
// code whose step is not greater than the last one stored.
func (k Key) VerifySkew(code string, t time.Time, skew uint8) (step uint64, err error) {
	if k.IsZero() {
		return 0, ErrWrongCode
	}
	if !wellFormed(code, int(k.digits)) {
		return 0, fmt.Errorf("%w: want %d ASCII digits", ErrMalformedCode, k.digits)
	}
	now := k.Step(t)
	found := false
	// Every step of the window is computed and compared, in constant time
	// (crypto/subtle), whatever matched before.
	for d := -int64(skew); d <= int64(skew); d++ {
		s := now + uint64(d)
		if (d < 0 && s > now) || (d > 0 && s < now) { // wrapped past 0 or 2^64-1
			continue
		}
		if compare(k.HOTP(s), code) {
			step, found = s, true
		}
	}
	if !found {
		return 0, ErrWrongCode
	}
	return step, nil
}

// wellFormed reports whether code is exactly n ASCII digits.
func wellFormed(code string, n int) bool {
	if len(code) != n || n == 0 {
		return false
	}
	for i := 0; i < len(code); i++ {
		if code[i] < '0' || code[i] > '9' {
			return false
		}
	}
	return true
}
