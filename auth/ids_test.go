package auth

import (
	"strings"
	"testing"
	"time"
)

// TestValidID: every ID the core makes is valid; anything else a client
// could send in its place is not.
func TestValidID(t *testing.T) {
	for range 100 {
		if id := newID(time.Now()); !ValidID(id) {
			t.Fatalf("ValidID(%q) = false for an ID the core made", id)
		}
	}
	for _, s := range []string{"0190b7c2-5a1e-7bcd-8123-0123456789AB"} {
		if !ValidID(s) {
			t.Errorf("ValidID(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"", "abc", strings.Repeat("a", 36), strings.Repeat("0", 37),
		"0190b7c2-5a1e-7bcd-8123-0123456789abc", "0190b7c2-5a1e-7bcd-8123-0123456789a",
		"0190b7c25a1e-7bcd-8123-0123456789abcd", "0190b7c2-5a1e-7bcd-8123-0123456789ag",
		"0190b7c2_5a1e_7bcd_8123_0123456789ab", "0190b7c2-5a1e-7bcd-8123-01234567\u00e9ab"} {
		if ValidID(s) {
			t.Errorf("ValidID(%q) = true, want false", s)
		}
	}
}
