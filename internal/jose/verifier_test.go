package jose

import (
	"context"
	"errors"
	"testing"
	"time"
)

const (
	testIssuer   = "https://accounts.example"
	testClientID = "client-1"
	testNonce    = "n-0S6_WzA2Mj"
)

// testNow is the verifiers' clock in these tests.
var testNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// idClaims returns valid ID token claims, changed by edit.
func idClaims(edit func(m map[string]any)) map[string]any {
	m := map[string]any{
		"iss": testIssuer, "sub": "248289761001", "aud": testClientID, "nonce": testNonce,
		"iat": testNow.Add(-time.Minute).Unix(), "exp": testNow.Add(time.Hour).Unix(),
		"email": "jane@example.com", "email_verified": "true", "name": "Jane Doe",
	}
	if edit != nil {
		edit(m)
	}
	return m
}

// signHeader signs payload under any header with the test key for alg.
func signHeader(tb testing.TB, alg, header, payload string) string {
	tb.Helper()
	input := b64.EncodeToString([]byte(header)) + "." + b64.EncodeToString([]byte(payload))
	sig, err := signInput(signer(alg), alg, input)
	if err != nil {
		tb.Fatal(err)
	}
	return input + "." + b64.EncodeToString(sig)
}

func TestVerifier(t *testing.T) {
	keys := Keys{publicKey(t, "rsa", signer(RS256)), publicKey(t, "ec", signer(ES256)), publicKey(t, "ed", signer(EdDSA))}
	tok := func(edit func(m map[string]any)) string { return sign(t, RS256, "rsa", idClaims(edit)) }
	at := func(d time.Duration) int64 { return testNow.Add(d).Unix() }
	otherKey, err := Sign(signer("other"), RS256, "rsa", idClaims(nil))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		token string
		nonce string
		opts  []Option
		want  error
	}{
		{"RS256", tok(nil), testNonce, nil, nil},
		{"ES256", sign(t, ES256, "ec", idClaims(nil)), testNonce, nil, nil},
		{"EdDSA", sign(t, EdDSA, "ed", idClaims(nil)), testNonce, nil, nil},
		{"several audiences with azp", tok(func(m map[string]any) { m["aud"] = []string{"other", testClientID}; m["azp"] = testClientID }), testNonce, nil, nil},
		{"one audience, azp another client", tok(func(m map[string]any) { m["azp"] = "android-client" }), testNonce, nil, nil},
		{"no nonce sent", tok(nil), "", nil, nil},
		{"expired within the skew", tok(func(m map[string]any) { m["exp"] = at(-59 * time.Second) }), testNonce, nil, nil},
		{"nbf within the skew", tok(func(m map[string]any) { m["nbf"] = at(59 * time.Second) }), testNonce, nil, nil},
		{"iat within the skew", tok(func(m map[string]any) { m["iat"] = at(59 * time.Second) }), testNonce, nil, nil},
		{"typ application/JWT", signHeader(t, RS256, `{"alg":"RS256","kid":"rsa","typ":"application/JWT"}`, `{"iss":"`+testIssuer+`","sub":"1","aud":"`+testClientID+`","exp":1900000000,"iat":1700000000}`), "", nil, nil},

		{"typ at+jwt", signHeader(t, RS256, `{"alg":"RS256","kid":"rsa","typ":"at+jwt"}`, `{}`), "", nil, ErrTokenType},
		{"unknown kid", sign(t, RS256, "rsa-2", idClaims(nil)), testNonce, nil, ErrUnknownKey},
		{"kid of another algorithm", sign(t, ES256, "rsa", idClaims(nil)), testNonce, nil, ErrAlgorithmMismatch},
		{"signed by another key", otherKey, testNonce, nil, ErrBadSignature},
		{"HS256", rfc7515HS256, "", nil, ErrUnsupportedAlgorithm},
		{"claims not an object", signHeader(t, RS256, `{"alg":"RS256","kid":"rsa"}`, `[]`), "", nil, ErrMalformed},
		{"iss a number", tok(func(m map[string]any) { m["iss"] = 1 }), testNonce, nil, ErrMalformed},
		{"no iss", tok(func(m map[string]any) { delete(m, "iss") }), testNonce, nil, ErrMissingClaim},
		{"no sub", tok(func(m map[string]any) { delete(m, "sub") }), testNonce, nil, ErrMissingClaim},
		{"no aud", tok(func(m map[string]any) { delete(m, "aud") }), testNonce, nil, ErrMissingClaim},
		{"no exp", tok(func(m map[string]any) { delete(m, "exp") }), testNonce, nil, ErrMissingClaim},
		{"no iat", tok(func(m map[string]any) { delete(m, "iat") }), testNonce, nil, ErrMissingClaim},
		{"wrong issuer", tok(func(m map[string]any) { m["iss"] = "https://evil.example" }), testNonce, nil, ErrWrongIssuer},
		{"issuer with a trailing slash", tok(func(m map[string]any) { m["iss"] = testIssuer + "/" }), testNonce, nil, ErrWrongIssuer},
		{"wrong audience", tok(func(m map[string]any) { m["aud"] = "client-2" }), testNonce, nil, ErrWrongAudience},
		{"audience array without the client", tok(func(m map[string]any) { m["aud"] = []string{"a", "b"} }), testNonce, nil, ErrWrongAudience},
		{"several audiences, no azp", tok(func(m map[string]any) { m["aud"] = []string{testClientID, "other"} }), testNonce, nil, ErrWrongAuthorizedParty},
		{"several audiences, azp another", tok(func(m map[string]any) { m["aud"] = []string{testClientID, "other"}; m["azp"] = "other" }), testNonce, nil, ErrWrongAuthorizedParty},
		{"expired", tok(func(m map[string]any) { m["exp"] = at(-61 * time.Second) }), testNonce, nil, ErrExpired},
		{"expiring now, no skew", tok(func(m map[string]any) { m["exp"] = at(0) }), testNonce, []Option{WithSkew(0)}, ErrExpired},
		{"expired a minute ago, skew 2 minutes", tok(func(m map[string]any) { m["exp"] = at(-time.Minute) }), testNonce, []Option{WithSkew(2 * time.Minute)}, nil},
		{"not yet valid", tok(func(m map[string]any) { m["nbf"] = at(61 * time.Second) }), testNonce, nil, ErrNotYetValid},
		{"issued in the future", tok(func(m map[string]any) { m["iat"] = at(61 * time.Second) }), testNonce, nil, ErrIssuedInFuture},
		{"wrong nonce", tok(func(m map[string]any) { m["nonce"] = "other" }), testNonce, nil, ErrNonceMismatch},
		{"nonce missing", tok(func(m map[string]any) { delete(m, "nonce") }), testNonce, nil, ErrNonceMismatch},
		{"nonce a prefix", tok(func(m map[string]any) { m["nonce"] = testNonce[:5] }), testNonce, nil, ErrNonceMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := append([]Option{WithClock(func() time.Time { return testNow })}, tt.opts...)
			v := NewVerifier(keys, testIssuer, testClientID, opts...)
			got, err := v.Verify(t.Context(), tt.token, tt.nonce)
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Fatalf("Verify(%s) = %v, want %v", tt.name, err, tt.want)
			}
			if err != nil && got != nil {
				t.Errorf("Verify(%s) = %+v with error, want nil", tt.name, got)
			}
			if err == nil && (got.Subject == "" || got.Issuer != testIssuer) {
				t.Errorf("Verify(%s) = %+v, want the claims", tt.name, got)
			}
		})
	}
}

// Only the errors meant to be told apart match one another.
func TestVerifierErrorsDistinct(t *testing.T) {
	sentinels := map[string]error{
		"ErrExpired": ErrExpired, "ErrWrongAudience": ErrWrongAudience, "ErrWrongIssuer": ErrWrongIssuer,
		"ErrBadSignature": ErrBadSignature, "ErrUnknownKey": ErrUnknownKey, "ErrNonceMismatch": ErrNonceMismatch,
		"ErrNotYetValid": ErrNotYetValid, "ErrIssuedInFuture": ErrIssuedInFuture, "ErrMissingClaim": ErrMissingClaim,
		"ErrMalformed": ErrMalformed, "ErrTokenType": ErrTokenType, "ErrFetch": ErrFetch,
		"ErrUnsupportedAlgorithm": ErrUnsupportedAlgorithm, "ErrUnsupportedKey": ErrUnsupportedKey, "ErrCritical": ErrCritical,
	}
	for a, ea := range sentinels {
		for b, eb := range sentinels {
			if a != b && errors.Is(ea, eb) {
				t.Errorf("errors.Is(%s, %s) = true, want false", a, b)
			}
		}
	}
	if !errors.Is(ErrAlgorithmMismatch, ErrBadSignature) || !errors.Is(ErrWrongAuthorizedParty, ErrWrongAudience) {
		t.Errorf("the refined errors do not match their general ones")
	}
}

// A verifier takes the context to its key finder.
func TestVerifierContext(t *testing.T) {
	ks := NewKeySet("http://127.0.0.1:0/jwks") // never reached
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	v := NewVerifier(ks, testIssuer, testClientID)
	if _, err := v.Verify(ctx, sign(t, RS256, "rsa", idClaims(nil)), testNonce); !errors.Is(err, context.Canceled) {
		t.Fatalf("Verify(cancelled) = %v, want %v", err, context.Canceled)
	}
}
