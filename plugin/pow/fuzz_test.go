package pow

import (
	"context"
	"strings"
	"testing"
)

// FuzzParseProof: no panic; a proof accepted has the documented shape
// and a challenge that is its prefix; a rejected one yields no challenge.
func FuzzParseProof(f *testing.F) {
	f.Add(strings.Repeat("A", 43) + ".16g")
	f.Add(strings.Repeat("A", 43) + ".")
	f.Add(strings.Repeat("A", 42) + ".1")
	f.Add(strings.Repeat("A", 43) + "." + strings.Repeat("z", 33))
	f.Add(strings.Repeat("A", 43) + ".a.b")
	f.Add("\xff\xfe." + strings.Repeat("A", 41))
	f.Fuzz(func(t *testing.T, proof string) {
		challenge, ok := parseProof(proof)
		if !ok {
			if challenge != "" {
				t.Fatalf("parseProof(%q) = %q, false: a refusal must yield no challenge", proof, challenge)
			}
			return
		}
		nonce, found := strings.CutPrefix(proof, challenge+".")
		if !found || len(challenge) != challengeLen || len(nonce) < 1 || len(nonce) > maxNonceLen || strings.Contains(nonce, ".") {
			t.Fatalf("parseProof(%q) accepted challenge %q", proof, challenge)
		}
	})
}

// TestSolve: the solver's proofs parse, solve their puzzle, and the
// solver refuses what it cannot solve or a cancelled context.
func TestSolve(t *testing.T) {
	challenge := strings.Repeat("b", challengeLen)
	for _, d := range []int{1, 8, 14} {
		proof, err := Solve(context.Background(), challenge, d)
		if err != nil {
			t.Fatalf("Solve(%d) = %v", d, err)
		}
		if got, ok := parseProof(proof); !ok || got != challenge {
			t.Errorf("Solve(%d) = %q, which does not parse to its challenge", d, proof)
		}
		if bits := zeroBits([]byte(proof)); bits < d {
			t.Errorf("Solve(%d) = %q with %d zero bits", d, proof, bits)
		}
	}
	for _, tt := range []struct {
		name       string
		challenge  string
		difficulty int
	}{
		{"difficulty 0", challenge, 0},
		{"difficulty 33", challenge, MaxDifficulty + 1},
		{"short challenge", challenge[1:], 4},
		{"challenge outside base64url", strings.Repeat("+", challengeLen), 4},
	} {
		if proof, err := Solve(context.Background(), tt.challenge, tt.difficulty); err != ErrNoSolution {
			t.Errorf("%s: Solve = %q, %v, want ErrNoSolution", tt.name, proof, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if proof, err := Solve(ctx, challenge, MaxDifficulty); err != context.Canceled {
		t.Errorf("Solve(cancelled) = %q, %v, want context.Canceled", proof, err)
	}
}
