package legacy

import (
	"context"
	"testing"
)

// BenchmarkVerify measures one verification of each scheme at the
// parameters of the vectors, for the cost comparison in
// docs/migrating.md: run with -bench Verify -benchtime 5x.
func BenchmarkVerify(b *testing.B) {
	v := newVerifier(b)
	seen := map[string]bool{}
	for _, vec := range loadVectors(b).Vectors {
		if seen[vec.Hash[:min(len(vec.Hash), 14)]] {
			continue
		}
		seen[vec.Hash[:min(len(vec.Hash), 14)]] = true
		stored, err := v.Encode(vec.Scheme, vec.Hash)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(stored[:min(len(stored), 24)], func(b *testing.B) {
			for b.Loop() {
				if ok, err := v.Verify(context.Background(), []byte(vec.Password), stored); !ok || err != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}
