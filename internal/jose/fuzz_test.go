package jose

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzParse: Parse never panics; an error comes with a nil result; a
// success names a supported algorithm and its parts re-encode to the
// input, so that a token has exactly one accepted spelling. Verifying the
// result with the specifications' keys never panics either.
func FuzzParse(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.token)
	}
	sig := []byte("signature")
	for _, s := range []string{
		rfc7515HS256, rfc7515None, "", ".", "..", "...", "a.b.c",
		unsignedToken(`{"alg":"RS256","kid":"k1","typ":"JWT"}`, `{"sub":"1"}`, sig),
		unsignedToken(`{"alg":"RS256","crit":["exp"]}`, `{}`, sig),
		unsignedToken(`{"alg":"none","alg":"ES256"}`, `{}`, sig),
		unsignedToken(`{"ALG":"RS256"}`, `{}`, sig),
		"eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d",
		rfc8037EdDSA[:len(rfc8037EdDSA)-1] + "h",
	} {
		f.Add(s)
	}
	var keys []Key
	for _, v := range vectors {
		k, err := ParseKey([]byte(v.key))
		if err != nil {
			f.Fatal(err)
		}
		keys = append(keys, k)
	}
	f.Fuzz(func(t *testing.T, token string) {
		j, err := Parse(token)
		if err != nil {
			if j != nil {
				t.Fatalf("Parse(%q) = %+v, %v, want nil with the error", token, j, err)
			}
			return
		}
		if !supported(j.Header.Algorithm) {
			t.Fatalf("Parse(%q).Header.Algorithm = %q, want a supported one", token, j.Header.Algorithm)
		}
		again := b64.EncodeToString(j.RawHeader) + "." + b64.EncodeToString(j.Payload) + "." + b64.EncodeToString(j.Signature)
		if again != token {
			t.Fatalf("Parse(%q) re-encodes to %q", token, again)
		}
		for _, k := range keys {
			_ = j.Verify(k)
		}
	})
}

// FuzzParseKeys: ParseKeys never panics; an error comes with a nil set; a
// set marshals to JSON that parses back to the same keys.
func FuzzParseKeys(f *testing.F) {
	for _, v := range vectors {
		f.Add(`{"keys":[` + v.key + `]}`)
	}
	for _, s := range []string{
		`{"keys":[]}`, `{"keys":null}`, `{}`, `[]`, `null`,
		`{"keys":[{"kty":"oct","k":"c2VjcmV0"},42,null]}`,
		`{"keys":[{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"y_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}`,
		`{"keys":[{"kty":"RSA","n":"AQAB","e":"AQAB","use":"sig","alg":"RS256","key_ops":["verify"]}]}`,
		`{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","alg":"EdDSA","kid":"k"}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		keys, err := ParseKeys([]byte(data))
		if err != nil {
			if keys != nil {
				t.Fatalf("ParseKeys(%q) = %v, %v, want nil with the error", data, keys, err)
			}
			return
		}
		out, err := json.Marshal(keys)
		if err != nil {
			t.Fatalf("json.Marshal(ParseKeys(%q)) = %v", data, err)
		}
		back, err := ParseKeys(out)
		if err != nil || len(back) != len(keys) {
			t.Fatalf("ParseKeys(%s) = %v, %v, want %d keys", out, back, err, len(keys))
		}
		for i := range keys {
			if back[i].ID() != keys[i].ID() || back[i].Algorithm() != keys[i].Algorithm() || !samePublic(back[i].Public(), keys[i].Public()) {
				t.Fatalf("ParseKeys(%s)[%d] = %v, want %v", out, i, back[i], keys[i])
			}
		}
	})
}

// FuzzParseClaims: ParseClaims never panics; an error comes with nil
// claims; parsed claims marshal to a claims set that parses back to them.
func FuzzParseClaims(f *testing.F) {
	for _, s := range []string{
		rfc7515Payload, `{}`, `[]`, `null`, ``,
		`{"iss":"https://accounts.example","sub":"1","aud":["a","b"],"azp":"a","exp":1700003600.5,"iat":1.7e9,"nbf":0}`,
		`{"aud":"a","email_verified":"true","email":"a@example.com","name":"A","picture":"p","preferred_username":"a","nonce":"n"}`,
		`{"aud":[],"email_verified":null,"exp":null}`,
		`{"aud":[""],"sub":"\ud800"}`,
		`{"exp":-1}`, `{"email_verified":"yes"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		c, err := ParseClaims([]byte(payload))
		if err != nil {
			if c != nil {
				t.Fatalf("ParseClaims(%q) = %+v, %v, want nil with the error", payload, c, err)
			}
			return
		}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("json.Marshal(ParseClaims(%q)) = %v", payload, err)
		}
		back, err := ParseClaims(out)
		if err != nil {
			t.Fatalf("ParseClaims(%s) = %v", out, err)
		}
		c.Raw, back.Raw = nil, nil
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("ParseClaims(%s) = %+v, want %+v", out, back, c)
		}
	})
}
