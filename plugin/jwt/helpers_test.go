package jwt

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

var (
	t0       = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	issuer   = "https://acme.example/auth"
	audience = "https://billing.acme.example"
	sealKey  = make([]byte, 32)
)

// testKeys are one signing key per algorithm, made once for the test
// binary, stored and opened as the plugin does.
var testKeys = sync.OnceValue(func() map[string]*signingKey {
	sealer, err := auth.NewSealer(sealKey)
	if err != nil {
		panic(err)
	}
	out := map[string]*signingKey{}
	for _, alg := range []string{EdDSA, ES256, RS256} {
		signer, err := generate(alg)
		if err != nil {
			panic(err)
		}
		row, err := storable(sealer, signer)
		if err != nil {
			panic(err)
		}
		out[alg] = row.key
	}
	return out
})

// publicSet is the JWK Set of keys.
func publicSet(tb testing.TB, keys ...*signingKey) []byte {
	tb.Helper()
	var set jose.Keys
	for _, k := range keys {
		pub, err := jose.NewKey(k.kid, k.signer.Public())
		if err != nil {
			tb.Fatal(err)
		}
		set = append(set, pub)
	}
	b, err := json.Marshal(set)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// jwksServer serves a JWK Set that the test may change, and counts the
// fetches.
type jwksServer struct {
	mu      sync.Mutex
	body    []byte
	fetches atomic.Int32
	url     string
}

func newJWKSServer(tb testing.TB, body []byte) *jwksServer {
	s := &jwksServer{body: body}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fetches.Add(1)
		s.mu.Lock()
		defer s.mu.Unlock()
		w.Write(s.body)
	}))
	tb.Cleanup(srv.Close)
	s.url = srv.URL
	return s
}

func (s *jwksServer) set(body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.body = body
}

// claimsAt are valid claims for the test issuer and audience, minted at t.
func claimsAt(t time.Time) map[string]any {
	return map[string]any{"iss": issuer, "sub": "user-1", "aud": audience, "iat": t.Unix(), "nbf": t.Unix(),
		"exp": t.Add(5 * time.Minute).Unix(), "jti": "jti-1", "sid": "session-1"}
}

// rawToken signs header and claims as given, with any signer for the
// algorithm of the header's own choosing.
func rawToken(tb testing.TB, header, claims any, sign func(input []byte) []byte) string {
	tb.Helper()
	h, err := json.Marshal(header)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := json.Marshal(claims)
	if err != nil {
		tb.Fatal(err)
	}
	input := b64(h) + "." + b64(c)
	return input + "." + b64(sign([]byte(input)))
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// clock is a settable clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// ed25519Sign signs input with an Ed25519 test key.
func ed25519Sign(k *signingKey, input []byte) []byte {
	return ed25519.Sign(k.signer.(ed25519.PrivateKey), input)
}

// cut3 splits a compact JWS into its parts.
func cut3(tok string) (h, p, s string) {
	h, rest, _ := strings.Cut(tok, ".")
	p, s, _ = strings.Cut(rest, ".")
	return h, p, s
}

func b64d(s string) ([]byte, error) { return base64.RawURLEncoding.DecodeString(s) }
