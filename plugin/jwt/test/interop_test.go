package test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"testing"
	"time"

	josev4 "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	jwxjwt "github.com/lestrrat-go/jwx/v3/jwt"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/jwt"
)

// Tokens minted here verify with go-jose and jwx against the published
// key set; tokens those libraries mint with the stored keys' private
// halves verify with jwt.Verifier; and the verifier refuses what it must.
func TestInterop(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, alg := range []string{jwt.EdDSA, jwt.ES256, jwt.RS256} {
			t.Run(alg, func(t *testing.T) {
				clock := authtest.NewClock(start)
				in := newInstance(t, e.DB, e.Dialect, clock, jwt.WithAlgorithm(alg))
				defer e.SQL().Exec(context.Background(), sqlbDeleteKeys())
				c := in.signIn(t, "ada")
				token := mint(t, c, "billing")
				set := jwks(t, in)
				if h := header(t, token); h["alg"] != alg || h["typ"] != "JWT" || h["kid"] == "" {
					t.Fatalf("header = %v", h)
				}
				goJoseVerifies(t, token, set, in.p.Issuer(), clock.Now())
				jwxVerifies(t, token, set, in.p.Issuer(), clock.Now())

				v := jwt.NewVerifier(in.srv.URL, in.p.Issuer(), billing, jwt.WithClock(clock.Now))
				ctx := context.Background()
				claims, err := v.Verify(ctx, token)
				if err != nil {
					t.Fatalf("Verify(minted) = %v", err)
				}
				var own struct{ Plan, Name string }
				if err := claims.Decode(&own); err != nil || own.Plan != "pro" || own.Name != "ada" || claims.SessionID == "" {
					t.Fatalf("claims = %+v, own %+v, %v", claims, own, err)
				}

				kid := header(t, token)["kid"]
				priv := privateKeys(t, e.SQL())[kid]
				now := clock.Now()
				for name, tok := range map[string]string{
					"go-jose": goJoseSign(t, josev4.SignatureAlgorithm(alg), priv, kid, in.p.Issuer(), now),
					"jwx":     jwxSign(t, jwxAlg(alg), priv, kid, in.p.Issuer(), now),
				} {
					if c, err := v.Verify(ctx, tok); err != nil || c.Subject != "someone" {
						t.Errorf("Verify(a token %s signed with the stored key) = %+v, %v", name, c, err)
					}
				}

				other, _ := rsa.GenerateKey(rand.Reader, 2048)
				refused := []struct {
					name  string
					token string
					want  error
				}{
					{"no kid", goJoseSign(t, josev4.SignatureAlgorithm(alg), priv, "", in.p.Issuer(), now), jwt.ErrMissingKeyID},
					{"alg none", noneToken(t, token), jwt.ErrUnsupportedAlgorithm},
					{"HS256 keyed with the key set", jwxSign(t, jwa.HS256(), set, kid, in.p.Issuer(), now), jwt.ErrUnsupportedAlgorithm},
					{"wrong audience", mint(t, c, ""), jwt.ErrWrongAudience},
				}
				if alg != jwt.RS256 {
					refused = append(refused, struct {
						name  string
						token string
						want  error
					}{"RS256 under the kid of a key of " + alg, goJoseSign(t, josev4.RS256, other, kid, in.p.Issuer(), now), jwt.ErrAlgorithmMismatch})
				} else {
					refused = append(refused, struct {
						name  string
						token string
						want  error
					}{"RS256 by another key under the kid", goJoseSign(t, josev4.RS256, other, kid, in.p.Issuer(), now), jwt.ErrBadSignature})
				}
				for _, r := range refused {
					if _, err := v.Verify(ctx, r.token); !errors.Is(err, r.want) {
						t.Errorf("Verify(%s) = %v, want %v", r.name, err, r.want)
					}
				}
				clock.Advance(6 * time.Minute) // 5 minutes and the minute of skew
				if _, err := v.Verify(ctx, token); !errors.Is(err, jwt.ErrExpired) {
					t.Errorf("Verify(after 6 minutes) = %v, want %v", err, jwt.ErrExpired)
				}
			})
		}
	})
}

func goJoseVerifies(t *testing.T, token string, set []byte, iss string, now time.Time) {
	t.Helper()
	var keys josev4.JSONWebKeySet
	if err := json.Unmarshal(set, &keys); err != nil {
		t.Fatalf("go-jose: key set: %v", err)
	}
	tok, err := josejwt.ParseSigned(token, []josev4.SignatureAlgorithm{josev4.EdDSA, josev4.ES256, josev4.RS256})
	if err != nil {
		t.Fatalf("go-jose: parse: %v", err)
	}
	found := keys.Key(tok.Headers[0].KeyID)
	if len(found) != 1 {
		t.Fatalf("go-jose: %d keys of kid %q", len(found), tok.Headers[0].KeyID)
	}
	var claims josejwt.Claims
	var own struct {
		Plan string `json:"plan"`
	}
	if err := tok.Claims(found[0], &claims, &own); err != nil {
		t.Fatalf("go-jose: verify: %v", err)
	}
	if err := claims.ValidateWithLeeway(josejwt.Expected{Issuer: iss, AnyAudience: []string{billing}, Time: now}, 0); err != nil || own.Plan != "pro" {
		t.Fatalf("go-jose: claims %+v: %v", claims, err)
	}
}

func jwxVerifies(t *testing.T, token string, set []byte, iss string, now time.Time) {
	t.Helper()
	keys, err := jwk.Parse(set)
	if err != nil {
		t.Fatalf("jwx: key set: %v", err)
	}
	tok, err := jwxjwt.Parse([]byte(token), jwxjwt.WithKeySet(keys), jwxjwt.WithIssuer(iss), jwxjwt.WithAudience(billing),
		jwxjwt.WithClock(jwxjwt.ClockFunc(func() time.Time { return now })))
	if err != nil {
		t.Fatalf("jwx: %v", err)
	}
	if sub, ok := tok.Subject(); !ok || sub == "" {
		t.Fatalf("jwx: no subject")
	}
}

// goJoseSign signs claims for billing with go-jose, under kid if any.
func goJoseSign(t *testing.T, alg josev4.SignatureAlgorithm, key any, kid, iss string, now time.Time) string {
	t.Helper()
	opts := (&josev4.SignerOptions{}).WithType("JWT")
	if kid != "" {
		opts = opts.WithHeader("kid", kid)
	}
	s, err := josev4.NewSigner(josev4.SigningKey{Algorithm: alg, Key: key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := josejwt.Signed(s).Claims(josejwt.Claims{Issuer: iss, Subject: "someone", Audience: josejwt.Audience{billing},
		IssuedAt: josejwt.NewNumericDate(now), Expiry: josejwt.NewNumericDate(now.Add(time.Minute))}).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// jwxSign signs claims for billing with jwx under kid.
func jwxSign(t *testing.T, alg jwa.SignatureAlgorithm, key any, kid, iss string, now time.Time) string {
	t.Helper()
	tok, err := jwxjwt.NewBuilder().Issuer(iss).Subject("someone").Audience([]string{billing}).IssuedAt(now).
		Expiration(now.Add(time.Minute)).Build()
	if err != nil {
		t.Fatal(err)
	}
	h := jws.NewHeaders()
	if err := h.Set(jws.KeyIDKey, kid); err != nil {
		t.Fatal(err)
	}
	signed, err := jwxjwt.Sign(tok, jwxjwt.WithKey(alg, key, jws.WithProtectedHeaders(h)))
	if err != nil {
		t.Fatalf("jwx sign %s: %v", alg, err)
	}
	return string(signed)
}

func jwxAlg(alg string) jwa.SignatureAlgorithm {
	return map[string]jwa.SignatureAlgorithm{jwt.EdDSA: jwa.EdDSA(), jwt.ES256: jwa.ES256(), jwt.RS256: jwa.RS256()}[alg]
}

// noneToken is token with its header's alg replaced by "none".
func noneToken(t *testing.T, token string) string {
	h := header(t, token)
	h["alg"] = "none"
	raw, _ := json.Marshal(h)
	_, rest, _ := cutDot(token)
	return b64(raw) + "." + rest
}
