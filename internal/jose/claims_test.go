package jose

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestParseClaims(t *testing.T) {
	full := `{"iss":"https://accounts.example","sub":"248289761001","aud":"client-1","azp":"client-1",` +
		`"exp":1700003600,"nbf":1699999990,"iat":1700000000,"nonce":"n-0S6_WzA2Mj","email":"jane@example.com",` +
		`"email_verified":true,"name":"Jane Doe","picture":"https://example.com/jane.jpg",` +
		`"preferred_username":"j.doe","locale":"en"}`
	tests := []struct {
		name    string
		payload string
		want    Claims
	}{
		{"every claim", full, Claims{
			Issuer: "https://accounts.example", Subject: "248289761001", Audience: []string{"client-1"},
			AuthorizedParty: "client-1", ExpiresAt: time.Unix(1700003600, 0).UTC(),
			NotBefore: time.Unix(1699999990, 0).UTC(), IssuedAt: time.Unix(1700000000, 0).UTC(),
			Nonce: "n-0S6_WzA2Mj", Email: "jane@example.com", EmailVerified: true, Name: "Jane Doe",
			Picture: "https://example.com/jane.jpg", PreferredUsername: "j.doe",
		}},
		{"empty", `{}`, Claims{}},
		{"aud array", `{"aud":["a","b"]}`, Claims{Audience: []string{"a", "b"}}},
		{"aud empty array", `{"aud":[]}`, Claims{}},
		{"aud null", `{"aud":null}`, Claims{}},
		{"email_verified false", `{"email_verified":false}`, Claims{}},
		{"email_verified \"true\"", `{"email_verified":"true"}`, Claims{EmailVerified: true}},
		{"email_verified \"false\"", `{"email_verified":"false"}`, Claims{}},
		{"email_verified null", `{"email_verified":null}`, Claims{}},
		{"fractional time", `{"exp":1700000000.9}`, Claims{ExpiresAt: time.Unix(1700000000, 0).UTC()}},
		{"exponent time", `{"iat":1.7e9}`, Claims{IssuedAt: time.Unix(1700000000, 0).UTC()}},
		{"time zero", `{"nbf":0}`, Claims{NotBefore: time.Unix(0, 0).UTC()}},
		{"time null", `{"exp":null}`, Claims{}},
		{"names match exactly", `{"ISS":"x","Sub":"y","EMAIL_VERIFIED":true}`, Claims{}},
		{"string null", `{"iss":null}`, Claims{}},
		{"repeated claim keeps the last", `{"sub":"a","sub":"b"}`, Claims{Subject: "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseClaims([]byte(tt.payload))
			if err != nil {
				t.Fatalf("ParseClaims(%s) = %v", tt.payload, err)
			}
			if string(got.Raw) != tt.payload {
				t.Errorf("ParseClaims(%s).Raw = %s, want the payload", tt.payload, got.Raw)
			}
			got.Raw = nil
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("ParseClaims(%s) = %+v, want %+v", tt.payload, *got, tt.want)
			}
		})
	}
}

func TestParseClaimsMalformed(t *testing.T) {
	for _, payload := range []string{
		``, `[]`, `null`, `"claims"`, `{"iss":"a"`, `{}{}`,
		`{"iss":1}`, `{"sub":true}`, `{"nonce":["n"]}`, `{"email":{}}`,
		`{"aud":1}`, `{"aud":[1]}`, `{"aud":{"a":1}}`,
		`{"exp":"1700000000"}`, `{"exp":-1}`, `{"exp":1e20}`, `{"iat":true}`, `{"nbf":[1]}`, `{"exp":1e400}`,
		`{"email_verified":"yes"}`, `{"email_verified":"TRUE"}`, `{"email_verified":1}`, `{"email_verified":[]}`,
	} {
		if got, err := ParseClaims([]byte(payload)); !errors.Is(err, ErrMalformed) || got != nil {
			t.Errorf("ParseClaims(%s) = %v, %v, want nil, %v", payload, got, err, ErrMalformed)
		}
	}
}

func TestClaimsJSON(t *testing.T) {
	tests := []struct {
		name   string
		claims Claims
		want   string
	}{
		{"empty", Claims{}, `{}`},
		{"one audience as a string", Claims{Issuer: "https://appleid.apple.com", Audience: []string{"com.example"},
			IssuedAt: time.Unix(1700000000, 0), ExpiresAt: time.Unix(1700003600, 0)},
			`{"iss":"https://appleid.apple.com","aud":"com.example","exp":1700003600,"iat":1700000000}`},
		{"several audiences as an array", Claims{Audience: []string{"a", "b"}, AuthorizedParty: "a"},
			`{"aud":["a","b"],"azp":"a"}`},
		{"profile", Claims{Subject: "1", Email: "a@example.com", EmailVerified: true, Name: "A", Picture: "p", PreferredUsername: "a", Nonce: "n"},
			`{"sub":"1","nonce":"n","email":"a@example.com","email_verified":true,"name":"A","picture":"p","preferred_username":"a"}`},
		{"Raw not written", Claims{Subject: "1", Raw: json.RawMessage(`{"sub":"2","x":1}`)}, `{"sub":"1"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.claims)
			if err != nil || string(got) != tt.want {
				t.Fatalf("json.Marshal(%+v) = %s, %v, want %s", tt.claims, got, err, tt.want)
			}
			var back Claims
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatalf("json.Unmarshal(%s) = %v", got, err)
			}
			if string(back.Raw) != tt.want || back.Subject != tt.claims.Subject || !back.ExpiresAt.Equal(tt.claims.ExpiresAt) {
				t.Errorf("json.Unmarshal(%s) = %+v, want %+v", got, back, tt.claims)
			}
		})
	}
}
