package phone

import (
	"strings"
	"testing"
)

// FuzzNormalize: Strict never panics; an error means the zero Number; a
// result is "+" and 7 to 15 digits starting with its calling code, is its
// own normal form, and keeps the input's digits in order.
func FuzzNormalize(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		n, err := Strict{}.Normalize(raw)
		if err != nil {
			if n != (Number{}) {
				t.Fatalf("Normalize(%q) = %+v with error %v; want the zero Number", raw, n, err)
			}
			return
		}
		d := strings.TrimPrefix(n.E164, "+")
		if len(d) < minDigits || len(d) > maxDigits || strings.Trim(d, "0123456789") != "" || !strings.HasPrefix(d, n.CallingCode) {
			t.Fatalf("Normalize(%q) = %+v, not E.164", raw, n)
		}
		var typed strings.Builder
		for _, r := range raw {
			if '0' <= r && r <= '9' {
				typed.WriteRune(r)
			}
		}
		if typed.String() != d {
			t.Fatalf("Normalize(%q) = %+v, not the digits typed", raw, n)
		}
		again, err := Strict{}.Normalize(n.E164)
		if err != nil || again != n {
			t.Fatalf("Normalize(Normalize(%q)) = %+v, %v; want %+v", raw, again, err, n)
		}
	})
}
