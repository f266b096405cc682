package authui

import (
	"reflect"
	"slices"
	"testing"
)

func TestNegotiate(t *testing.T) {
	offered := []string{"en", "de", "x-pseudo"}
	for _, tt := range []struct{ header, want string }{
		{"", "en"},
		{"de", "de"},
		{"de-CH, de;q=0.9, en;q=0.8", "de"},
		{"fr, de;q=0.5", "de"},
		{"en;q=0.2, de;q=0.8", "de"},
		{"de;q=0", "en"},
		{"de;q=abc, en", "en"},
		{"x-pseudo", "x-pseudo"},
		{"X-PSEUDO;q=1", "x-pseudo"},
		{"*", "en"},
	} {
		if got := negotiate(tt.header, offered); got != tt.want {
			t.Errorf("negotiate(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

// FuzzNegotiate: any header gives an offered language.
func FuzzNegotiate(f *testing.F) {
	for _, s := range []string{"", "de-CH, de;q=0.9, en;q=0.8", "x-pseudo", ";;,,q=", "de;q=1e309"} {
		f.Add(s)
	}
	offered := []string{"en", "de"}
	f.Fuzz(func(t *testing.T, header string) {
		if got := negotiate(header, offered); !slices.Contains(offered, got) {
			t.Fatalf("negotiate(%q) = %q, not offered", header, got)
		}
	})
}

func TestDecodeFlash(t *testing.T) {
	in := flash{Page: "sign-in", Errors: []fieldError{{Field: "password", Code: "rate_limited", Arg: "30"}},
		Values: map[string]string{"email": "a@example.com"}}
	got, ok := decodeFlash(encodeFlash(in))
	if !ok || !reflect.DeepEqual(got, in) {
		t.Fatalf("decodeFlash(encodeFlash(%+v)) = %+v, %v", in, got, ok)
	}
	forged := flash{Page: "sign-in", Errors: []fieldError{{Field: `x" onclick="`, Code: "rate_limited", Arg: "30 seconds. Call +1 555"}}}
	got, ok = decodeFlash(encodeFlash(forged))
	if !ok || got.Errors[0].Arg != "" || got.Errors[0].Field != "" {
		t.Fatalf("a forged flash kept %+v", got.Errors[0])
	}
	if _, ok := decodeFlash("not base64!"); ok {
		t.Fatal("decodeFlash accepted a value that is not base64url")
	}
}

// FuzzDecodeFlash: no panic; a failure gives the zero flash; what is kept
// an argument is digits, a field letters.
func FuzzDecodeFlash(f *testing.F) {
	f.Add(encodeFlash(flash{Page: "sign-in", Errors: []fieldError{{Field: "email", Code: "invalid_input", Arg: "5"}}}))
	f.Add("")
	f.Add("e30")
	f.Fuzz(func(t *testing.T, value string) {
		got, ok := decodeFlash(value)
		if !ok {
			if !reflect.DeepEqual(got, flash{}) {
				t.Fatalf("decodeFlash(%q) failed with %+v", value, got)
			}
			return
		}
		for _, e := range got.Errors {
			for _, r := range e.Arg {
				if r < '0' || r > '9' {
					t.Fatalf("decodeFlash(%q) kept the argument %q", value, e.Arg)
				}
			}
			for _, r := range e.Field {
				if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
					t.Fatalf("decodeFlash(%q) kept the field %q", value, e.Field)
				}
			}
		}
	})
}
