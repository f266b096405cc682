package apikey

import (
	"errors"
	"hash/crc32"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
)

func TestNewKey(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		k := newKey("sk_live_").Reveal()
		if len(k) != len("sk_live_")+tailLen || !strings.HasPrefix(k, "sk_live_") || !LooksValid(k) {
			t.Fatalf("newKey = %q, want sk_live_, 49 characters and a valid checksum", k)
		}
		if seen[k] {
			t.Fatalf("newKey repeated %q", k)
		}
		seen[k] = true
	}
}

func TestChecksum(t *testing.T) {
	// The checksum is the CRC-32 (IEEE) of prefix and body, big-endian in
	// base62: what a scanner computes with any CRC-32 library.
	for _, s := range []string{"", "sk_", "sk_live_" + strings.Repeat("0", bodyLen)} {
		v, got := crc32.ChecksumIEEE([]byte(s)), checksum(s)
		n := uint32(0)
		for _, c := range got {
			n = n*62 + uint32(strings.IndexByte(base62, c))
		}
		if n != v {
			t.Errorf("checksum(%q) = %s, which reads %d, want %d", s, got[:], n, v)
		}
	}
}

func TestLooksValid(t *testing.T) {
	good := newKey("sk_").Reveal()
	body := good[3 : 3+bodyLen]
	sum := checksum("acme_" + body)
	tests := []struct {
		name string
		key  string
		want bool
	}{
		{"a new key", good, true},
		{"another valid prefix", "acme_" + body + string(sum[:]), true},
		{"the checksum of another prefix", "sk_live_" + body + string(sum[:]), false},
		{"a changed body", good[:10] + string(good[10]^1) + good[11:], false},
		{"one character short", good[:len(good)-1], false},
		{"one character more", good + "0", false},
		{"no prefix", good[3:], false},
		{"a prefix without underscore", "sk" + good[3:], false},
		{"an upper-case prefix", "SK_" + good[3:], false},
		{"a prefix too long", strings.Repeat("a", MaxPrefixLength) + "_" + good[3:], false},
		{"not base62", good[:10] + "-" + good[11:], false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LooksValid(tt.key); got != tt.want {
				t.Errorf("LooksValid(%q) = %v, want %v", tt.key, got, tt.want)
			}
		})
	}
}

func TestValidPrefix(t *testing.T) {
	for p, want := range map[string]bool{"sk_": true, "sk_live_": true, "a1_": true, "acme_prod_": true,
		"s": false, "_": false, "sk": false, "1k_": false, "Sk_": false, "sk-": false, "sk__": true,
		strings.Repeat("a", MaxPrefixLength-1) + "_": true, strings.Repeat("a", MaxPrefixLength) + "_": false} {
		if got := validPrefix(p); got != want {
			t.Errorf("validPrefix(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestDataRoundTrip(t *testing.T) {
	p := New()
	p.cfg.rate.Limit = 0
	tests := []struct {
		name    string
		row     resolveRow
		rate    int
		want    keyData
		wantNil bool
	}{
		{"scopes", resolveRow{id: "k1", scopes: `["read","orders:write"]`}, 0,
			keyData{ID: "k1", Scopes: []string{"read", "orders:write"}}, true},
		{"no scopes", resolveRow{id: "k2", scopes: `[]`}, 0, keyData{ID: "k2", Scopes: []string{}}, true},
		{"its own limit", resolveRow{id: "k3", scopes: `["a"]`, rateLimit: 7, rateWindow: 60000}, 0,
			keyData{ID: "k3", Scopes: []string{"a"}, Rate: &RateLimit{Limit: 7, Window: 60}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := p.data(&tt.row)
			got, ok := parseData(data)
			if !ok || got.ID != tt.want.ID || !slices.Equal(got.Scopes, tt.want.Scopes) || (got.Rate == nil) != tt.wantNil ||
				(got.Rate != nil && *got.Rate != *tt.want.Rate) {
				t.Errorf("parseData(%s) = %+v, %v, want %+v", data, got, ok, tt.want)
			}
		})
	}
	for _, bad := range []string{``, `{}`, `{"apikey":{"id":"x"}}`, `{"apikey":{"id":"x","scopes":["a"]}}x`,
		`{"apikey":{"id":"x","scopes":["a"],"rate":{"limit":a,"window":1}}}`} {
		if d, ok := parseData([]byte(bad)); ok {
			t.Errorf("parseData(%s) = %+v, true, want false", bad, d)
		}
	}
}

// TestSessionTokensAreNotKeys: a session token (43 base64url
// characters) never has a key's length, so the plugin never claims one,
// even one that happens to begin with the prefix; a string of a key's
// shape with a wrong checksum is claimed as malformed, at no query.
func TestSessionTokensAreNotKeys(t *testing.T) {
	p := New(WithPrefix("sk_"))
	for _, tok := range []string{"sk_" + strings.Repeat("A", 40), strings.Repeat("A", 43), "sk_" + strings.Repeat("A", tailLen+1)} {
		if s, u, ok, err := p.ResolveCredential(t.Context(), auth.NewSecret(tok), time.Time{}); ok || s != nil || u != nil || err != nil {
			t.Errorf("ResolveCredential(%q) = %v, %v, %v, %v, want it passed on", tok, s, u, ok, err)
		}
	}
	bad := "sk_" + strings.Repeat("A", tailLen)
	if _, _, ok, err := p.ResolveCredential(t.Context(), auth.NewSecret(bad), time.Time{}); !ok || !errors.Is(err, auth.ErrInvalidToken) {
		t.Errorf("ResolveCredential(%q) = %v, %v, want it claimed as malformed", bad, ok, err)
	}
}
