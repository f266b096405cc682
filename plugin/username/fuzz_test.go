package username

import (
	"testing"
	"unicode/utf8"
)

// FuzzNormalize: Normalize never panics, an error means an empty result,
// and a key is valid UTF-8, within the length limit, and its own key.
func FuzzNormalize(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	for _, tt := range shapeTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		k, err := Normalize(raw)
		if err != nil {
			if k != "" {
				t.Fatalf("Normalize(%+q) = %+q, %v; want no result with an error", raw, k, err)
			}
			return
		}
		if k == "" || !utf8.ValidString(k) || len(k) > maxKey {
			t.Fatalf("Normalize(%+q) = %+q, not a key", raw, k)
		}
		if again, err := Normalize(k); err != nil || again != k {
			t.Fatalf("Normalize(Normalize(%+q)) = %+q, %v; want %+q", raw, again, err, k)
		}
	})
}
