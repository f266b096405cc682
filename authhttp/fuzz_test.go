package authhttp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

type fuzzInput struct {
	Email    string      `json:"email"`
	Password auth.Secret `json:"password"`
	Count    int         `json:"count"`
	Flags    []bool      `json:"flags"`
}

// FuzzDecodeJSON: no body makes the decoder panic; an error is an
// invalid_json *auth.Error with a zero input; a success round-trips.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{}`, `{"email":"a@x.io","password":"p","count":3,"flags":[true]}`,
		`{"email":1}`, `[]`, `{"unknown":1}`, `{} {}`, `{"email":"a"`, `null`, `"x"`, `{"count":1e400}`,
		"{\"email\":\"a\xffb\"}"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var in fuzzInput
		err := decodeJSON(data, &in)
		if err != nil {
			var e *auth.Error
			want := "invalid_json"
			if !utf8.Valid(data) {
				want = "invalid_input"
			}
			if !errors.As(err, &e) || e.Code != want {
				t.Fatalf("decodeJSON(%q) = %v, want %s", data, err, want)
			}
			return
		}
		if !utf8.Valid(data) {
			t.Fatalf("decodeJSON(%q) accepted invalid UTF-8", data)
		}
		out, err := json.Marshal(struct {
			Email    string `json:"email"`
			Password string `json:"password"`
			Count    int    `json:"count"`
			Flags    []bool `json:"flags"`
		}{in.Email, in.Password.Reveal(), in.Count, in.Flags})
		if err != nil {
			t.Fatal(err)
		}
		var again fuzzInput
		if err := decodeJSON(out, &again); err != nil || !reflect.DeepEqual(in, again) {
			t.Fatalf("round trip of %q: %+v, %v; want %+v", data, again, err, in)
		}
	})
}

// FuzzRequestHeaders: whatever the client sends in its credential and
// origin headers, describing the request never panics, and a token is
// only taken from a well-formed Bearer header or the session cookie.
func FuzzRequestHeaders(f *testing.F) {
	f.Add("Bearer abc", "sesame_session=xyz", "https://x.io", "https://x.io/p")
	f.Add("bearer", "", "", "::bad::")
	f.Add("Basic dXNlcjpw", "sesame_session=", "null", "")
	f.Fuzz(func(t *testing.T, authz, cookie, origin, referer string) {
		r := httptest.NewRequest("POST", "/auth/x", nil)
		r.Header.Set("Authorization", authz)
		r.Header.Set("Cookie", cookie)
		r.Header.Set("Origin", origin)
		r.Header.Set("Referer", referer)
		token, ok := bearerToken(r)
		if ok && len(authz) < 7 {
			t.Fatalf("bearerToken(%q) = %q from a header too short to be Bearer", authz, token.Reveal())
		}
		o := originOf(r)
		if origin == "" && referer == "" && o != "" {
			t.Fatalf("origin = %q with neither header", o)
		}
	})
}

// TestDecodeValuesRefusesInvalidUTF8: query, form and path values with
// invalid UTF-8 are refused, not repaired into U+FFFD.
func TestDecodeValuesRefusesInvalidUTF8(t *testing.T) {
	var in fuzzInput
	err := decodeValues(map[string]string{"email": "a\xffb"}, &in)
	var e *auth.Error
	if !errors.As(err, &e) || e.Code != "invalid_input" {
		t.Fatalf("decodeValues(invalid UTF-8) = %v, want invalid_input", err)
	}
	if err := decodeValues(map[string]string{"email": "ada@example.com"}, &in); err != nil || in.Email != "ada@example.com" {
		t.Fatalf("decodeValues(valid) = %v, %q", err, in.Email)
	}
}

// FuzzCompactCookie: no value makes the compact cookie's parser panic; a
// refused value yields nothing; a value it accepts is exactly one the key
// signed for the token hash (checked against a plain recomputation), and a
// value signed for another token hash, or by another key, is refused.
func FuzzCompactCookie(f *testing.F) {
	key := auth.NewSecret(strings.Repeat("k", MinCompactKey))
	c, err := NewCompactCache(key)
	if err != nil {
		f.Fatal(err)
	}
	other, _ := NewCompactCache(auth.NewSecret(strings.Repeat("o", MinCompactKey)))
	tokenHash := sha256.Sum256([]byte("token"))
	b64 := base64.RawURLEncoding
	signed := compactVersion + "." + b64.EncodeToString([]byte(`{"user":null,"session":null,"until":1}`)) + "." +
		b64.EncodeToString([]byte("\x00\x00\x00\x00\x00\x00\x00\x02\x01rest"))
	valid := signed + "." + b64.EncodeToString(compactMAC(key, tokenHash[:], signed))
	if until, enc, ok := c.verify(valid, tokenHash[:]); !ok || until != 2 || string(enc) != "\x01rest" {
		f.Fatalf("verify(a signed value) = %d, %q, %v; want 2, \"\\x01rest\", true", until, enc, ok)
	}
	for _, seed := range []string{valid, "", "c1", "c1...", "c1.a.b.c", valid + "A", valid[:len(valid)-1], "c2" + valid[2:],
		strings.Repeat(".", 10), "c1." + strings.Repeat("A", maxCompact)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, v string) {
		until, enc, ok := c.verify(v, tokenHash[:])
		if !ok {
			if until != 0 || enc != nil {
				t.Fatalf("verify(%q) refused it but returned %d, %q", v, until, enc)
			}
			return
		}
		i := strings.LastIndexByte(v, '.')
		if want := b64.EncodeToString(compactMAC(key, tokenHash[:], v[:i])); v[i+1:] != want {
			t.Fatalf("verify(%q) accepted a signature that is not the key's %s", v, want)
		}
		if _, _, ok := other.verify(v, tokenHash[:]); ok {
			t.Fatalf("verify(%q) accepted under another key", v)
		}
		otherHash := sha256.Sum256([]byte("another token"))
		if _, _, ok := c.verify(v, otherHash[:]); ok {
			t.Fatalf("verify(%q) accepted for another token", v)
		}
	})
}
