package totp

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// printings returns v as every fmt verb, JSON and both slog handlers
// write it, by how it was written.
func printings(tb testing.TB, v any) map[string]string {
	tb.Helper()
	out := map[string]string{}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%o", "%T", "%p"} {
		out[verb] = fmt.Sprintf(verb, v)
	}
	out["Sprint"], out["Sprintln"] = fmt.Sprint(v), fmt.Sprintln(v)
	js, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("json.Marshal(%T) = %v", v, err)
	}
	out["JSON"] = string(js)
	var text, sj bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("printed", "value", v)
	slog.New(slog.NewJSONHandler(&sj, nil)).Info("printed", "value", v)
	out["slog text"], out["slog JSON"] = text.String(), sj.String()
	return out
}

// leak returns the form of the secret that out holds, or "".
func leak(out string, secret []byte) string {
	forms := []string{
		string(secret), hex.EncodeToString(secret), strings.ToUpper(hex.EncodeToString(secret)),
		EncodeBase32(secret), base64.StdEncoding.EncodeToString(secret), fmt.Sprint(secret), fmt.Sprintf("%o", secret),
	}
	for _, f := range forms {
		if strings.Contains(out, f) {
			return f
		}
	}
	return ""
}

// TestKeyPrints: a key prints as [redacted] in every verb, as JSON and in
// slog, and so does a struct holding one in an exported or an unexported
// field, by value or by pointer, or in a slice or a map: there fmt
// cannot call the key's methods and prints the secret's pointer.
func TestKeyPrints(t *testing.T) {
	secret := []byte("QuebecRomeoSierraTango7") // printable, so that a leak shows
	k, err := NewKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	type holder struct {
		key  Key
		Key  Key
		ptr  *Key
		keys []Key
		byID map[string]Key
	}
	tests := []struct {
		name  string
		v     any
		exact bool // every fmt verb but %T and %p prints exactly [redacted]
	}{
		{"Key", k, true},
		{"*Key", &k, true},
		{"struct", holder{key: k, Key: k, ptr: &k, keys: []Key{k}, byID: map[string]Key{"a": k}}, false},
		{"*struct", &holder{key: k, Key: k, ptr: &k, keys: []Key{k}, byID: map[string]Key{"a": k}}, false},
		{"anonymous", struct{ k Key }{k}, false},
		{"slice", []Key{k, k}, false},
		{"map", map[string]Key{"a": k}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for how, out := range printings(t, tt.v) {
				if found := leak(out, secret); found != "" {
					t.Errorf("%s = %q, holds the secret as %q", how, out, found)
				}
				if tt.exact && strings.HasPrefix(how, "%") && how != "%T" && how != "%p" && out != redacted {
					t.Errorf("%s = %q, want %q", how, out, redacted)
				}
			}
		})
	}
	js, _ := json.Marshal(k)
	if got, want := string(js), `"[redacted]"`; got != want {
		t.Errorf("json.Marshal(key) = %s, want %s", got, want)
	}
	var b bytes.Buffer
	slog.New(slog.NewTextHandler(&b, nil)).Info("m", "key", k)
	if got := b.String(); !strings.Contains(got, "key=[redacted]") {
		t.Errorf("slog text = %q, want key=[redacted]", got)
	}
}
