package jwt

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/sesame-go/sesame/internal/jose"
)

// FuzzVerify: Verify never panics; an error comes with nil claims; a
// success is a token of the issuer for the audience, unexpired, under a
// kid of the set. The JWS and JWK Set parsers themselves are fuzzed in
// internal/jose (FuzzParse, FuzzParseKeys, FuzzParseClaims).
func FuzzVerify(f *testing.F) {
	keys := testKeys()
	var set jose.Keys
	for _, k := range keys {
		pub, err := jose.NewKey(k.kid, k.signer.Public())
		if err != nil {
			f.Fatal(err)
		}
		set = append(set, pub)
	}
	for _, alg := range []string{EdDSA, ES256, RS256} {
		tok, err := keys[alg].sign(claimsAt(t0))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(tok)
		f.Add(tamper(tok))
	}
	for _, s := range []string{rfc8037EdDSA, rfc7515ES256, rfc7515HS256, rfc7515None, "", "..", "a.b.c", "a.b.c.d.e"} {
		f.Add(s)
	}
	v := &Verifier{keys: set, issuer: issuer, audience: audience, now: (&clock{now: t0}).Now, skew: 60e9}
	f.Fuzz(func(t *testing.T, token string) {
		c, err := v.Verify(context.Background(), token)
		if err != nil {
			if c != nil {
				t.Fatalf("Verify(%q) = %+v, %v: want nil claims with the error", token, c, err)
			}
			return
		}
		if c.Issuer != issuer || !slices.Contains(c.Audience, audience) || !t0.Before(c.ExpiresAt.Add(60e9)) || c.Subject == "" {
			t.Fatalf("Verify(%q) accepted %+v", token, c)
		}
	})
}

// FuzzParseClaims: parseClaims never panics; an error comes with nil
// claims; the claims it reads by name agree with a plain JSON decoding.
func FuzzParseClaims(f *testing.F) {
	for _, s := range []string{`{}`, `{"sub":"a","sid":"s","jti":"j","act":{"sub":"admin"}}`, `{"act":null}`,
		`{"act":{"SUB":"x"}}`, `{"SID":"x","sid":"y"}`, `{"sid":1}`, `[]`, `null`, `{"exp":1e400}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		c, err := parseClaims(payload)
		if err != nil {
			if c != nil {
				t.Fatalf("parseClaims(%q) = %+v with %v", payload, c, err)
			}
			return
		}
		var ref map[string]any
		dec := json.NewDecoder(bytes.NewReader(payload))
		dec.UseNumber() // a number out of float64's range is still JSON
		if err := dec.Decode(&ref); err != nil {
			t.Fatalf("parseClaims(%q) accepted what encoding/json refuses: %v", payload, err)
		}
		want := func(name string) string { s, _ := ref[name].(string); return s }
		if c.SessionID != want("sid") || c.ID != want("jti") || c.Subject != want("sub") {
			t.Fatalf("parseClaims(%q) = %+v, want sid %q jti %q sub %q", payload, c, want("sid"), want("jti"), want("sub"))
		}
	})
}
