package jose_test

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

// exampleKey is the Ed25519 key of RFC 8037 appendix A.1. Ed25519
// signatures are deterministic, so the examples' tokens are too.
func exampleKey() ed25519.PrivateKey {
	seed, _ := base64.RawURLEncoding.DecodeString("nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A")
	return ed25519.NewKeyFromSeed(seed)
}

// A provider signs an ID token; so does the client-secret JWT of Sign in
// with Apple, with ES256.
func ExampleSign() {
	claims := jose.Claims{
		Issuer:    "https://accounts.example",
		Subject:   "248289761001",
		Audience:  []string{"client-1"},
		IssuedAt:  time.Unix(1767322800, 0),
		ExpiresAt: time.Unix(1767326400, 0),
	}
	token, err := jose.Sign(exampleKey(), jose.EdDSA, "2026-01", claims)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(token)
	// Output:
	// eyJhbGciOiJFZERTQSIsImtpZCI6IjIwMjYtMDEiLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmV4YW1wbGUiLCJzdWIiOiIyNDgyODk3NjEwMDEiLCJhdWQiOiJjbGllbnQtMSIsImV4cCI6MTc2NzMyNjQwMCwiaWF0IjoxNzY3MzIyODAwfQ.Gg35zVpUU_81_uEYGe_OnjVLbggAJISlJGBfH_XuiBh2vEsZHL7TOuiFh5RTikZl7RRUEiEdLmDSIFERDxQWDw
}

// A relying party verifies the ID token it got from the token endpoint,
// with the nonce it sent in the authentication request.
func ExampleVerifier_Verify() {
	key, err := jose.NewKey("2026-01", exampleKey().Public())
	if err != nil {
		fmt.Println(err)
		return
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	token, _ := jose.Sign(exampleKey(), jose.EdDSA, "2026-01", jose.Claims{
		Issuer: "https://accounts.example", Subject: "248289761001", Audience: []string{"client-1"},
		IssuedAt: now, ExpiresAt: now.Add(time.Hour), Nonce: "n-0S6_WzA2Mj",
		Email: "jane@example.com", EmailVerified: true,
	})

	v := jose.NewVerifier(jose.Keys{key}, "https://accounts.example", "client-1",
		jose.WithClock(func() time.Time { return now }))
	claims, err := v.Verify(context.Background(), token, "n-0S6_WzA2Mj")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(claims.Subject, claims.Email, claims.EmailVerified)

	_, err = v.Verify(context.Background(), token, "another-nonce")
	fmt.Println(errors.Is(err, jose.ErrNonceMismatch))

	late := jose.NewVerifier(jose.Keys{key}, "https://accounts.example", "client-1",
		jose.WithClock(func() time.Time { return now.Add(2 * time.Hour) }))
	_, err = late.Verify(context.Background(), token, "n-0S6_WzA2Mj")
	fmt.Println(errors.Is(err, jose.ErrExpired))
	// Output:
	// 248289761001 jane@example.com true
	// true
	// true
}

// A JWK Set keeps the keys it can use: here not the symmetric one.
func ExampleParseKeys() {
	keys, err := jose.ParseKeys([]byte(`{"keys":[
		{"kty":"oct","kid":"hmac","k":"c2VjcmV0"},
		{"kty":"OKP","crv":"Ed25519","kid":"ed","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
		{"kty":"EC","crv":"P-256","kid":"ec","use":"sig",
		 "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
	]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, k := range keys {
		fmt.Println(k.ID(), k.Algorithm())
	}
	// Output:
	// ed EdDSA
	// ec ES256
}

// A KeySet fetches a provider's jwks_uri when a token first needs it.
func ExampleKeySet() {
	key, _ := jose.NewKey("2026-01", exampleKey().Public())
	jwks, _ := jose.Keys{key}.MarshalJSON()
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write(jwks)
	}))
	defer provider.Close()

	keys := jose.NewKeySet(provider.URL+"/jwks", jose.WithHTTPClient(provider.Client()))
	k, err := keys.FindKey(context.Background(), "2026-01", jose.EdDSA)
	fmt.Println(k.ID(), k.Algorithm(), err)
	_, err = keys.FindKey(context.Background(), "2025-12", jose.EdDSA)
	fmt.Println(errors.Is(err, jose.ErrUnknownKey))
	// Output:
	// 2026-01 EdDSA <nil>
	// true
}

// Parse reads a token without trusting it; JWS.Verify checks it.
func ExampleParse() {
	token := "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc." +
		"hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg" // RFC 8037 §A.4
	j, err := jose.Parse(token)
	if err != nil {
		fmt.Println(err)
		return
	}
	key, _ := jose.ParseKey([]byte(`{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}`))
	fmt.Println(j.Header.Algorithm, j.Verify(key), string(j.Payload))

	_, err = jose.Parse("eyJhbGciOiJub25lIn0.e30.")
	fmt.Println(errors.Is(err, jose.ErrUnsupportedAlgorithm))
	// Output:
	// EdDSA <nil> Example of Ed25519 signing
	// true
}
