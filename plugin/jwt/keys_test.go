package jwt

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

// A stored key opens only with its own kid and a sealing key it was
// sealed with, and comes back the same key.
func TestStoredKeys(t *testing.T) {
	sealer, _ := auth.NewSealer(sealKey)
	other, _ := auth.NewSealer(append([]byte{1}, sealKey[1:]...))
	for _, alg := range []string{EdDSA, ES256, RS256} {
		t.Run(alg, func(t *testing.T) {
			signer, err := generate(alg)
			if err != nil {
				t.Fatal(err)
			}
			row, err := storable(sealer, signer)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(row.sealed, "PRIVATE") || len(row.kid) != 43 || row.alg != alg {
				t.Fatalf("storable(%s) = kid %q alg %q", alg, row.kid, row.alg)
			}
			k, err := unseal(sealer, row.kid, row.alg, row.sealed)
			if err != nil || k.kid != row.kid {
				t.Fatalf("unseal(%s) = %v", alg, err)
			}
			tok, err := k.sign(claimsAt(t0))
			if err != nil {
				t.Fatal(err)
			}
			srv := newJWKSServer(t, publicSet(t, row.key))
			v := NewVerifier(srv.url, issuer, audience, WithClock((&clock{now: t0}).Now))
			if _, err := v.Verify(t.Context(), tok); err != nil {
				t.Fatalf("Verify(a token of the opened key) = %v", err)
			}
			bad := []struct{ name, kid, alg, sealed string }{
				{"another kid", testKeys()[alg].kid, alg, row.sealed},
				{"another algorithm", row.kid, map[string]string{EdDSA: ES256, ES256: RS256, RS256: EdDSA}[alg], row.sealed},
				{"altered", row.kid, alg, row.sealed[:len(row.sealed)-2] + "AA"},
			}
			for _, b := range bad {
				if _, err := unseal(sealer, b.kid, b.alg, b.sealed); !errors.Is(err, errBadKey) {
					t.Errorf("unseal(%s) = %v, want %v", b.name, err, errBadKey)
				}
			}
			if _, err := unseal(other, row.kid, alg, row.sealed); !errors.Is(err, errBadKey) {
				t.Errorf("unseal(with another sealing key) = %v, want %v", err, errBadKey)
			}
		})
	}
}

// Private keys never print, nor does the plugin's sealing key.
func TestKeysNeverPrint(t *testing.T) {
	k := testKeys()[EdDSA]
	seed := fmt.Sprintf("%x", k.signer)
	p := New(WithSecretKeys([]byte("0123456789abcdef0123456789abcdef")))
	p.opened.Store(k.kid, k)
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("key", "k", k, "p", p)
	j, _ := json.Marshal(k)
	for _, s := range []string{fmt.Sprint(k), fmt.Sprintf("%v %+v %#v %s %x %q", k, k, k, k, k, k), string(j), logged.String(),
		fmt.Sprintf("%v %+v %#v", p, p, p)} {
		if strings.Contains(s, seed[:16]) || strings.Contains(s, "0123456789abcdef") || strings.Contains(s, "30313233") {
			t.Errorf("a key printed: %s", s)
		}
	}
}
