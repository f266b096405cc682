package apikey

import (
	"slices"
	"testing"
)

// FuzzLooksValid: no panic, and a string that looks valid keeps its
// shape: a valid prefix, 49 base62 characters, a checksum that holds.
func FuzzLooksValid(f *testing.F) {
	f.Add(newKey("sk_").Reveal())
	f.Add(newKey("sk_live_").Reveal())
	f.Add("sk_")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		if !LooksValid(s) {
			return
		}
		n := len(s) - tailLen
		if !validPrefix(s[:n]) || !wellFormed(s, n) {
			t.Fatalf("LooksValid(%q) holds for a string of another shape", s)
		}
	})
}

// FuzzParseData: no panic, an error means a zero result, and what
// [Plugin.data] writes reads back.
func FuzzParseData(f *testing.F) {
	f.Add("k1", `["read","write"]`, int64(5), int64(60000))
	f.Add("k2", `[]`, int64(0), int64(0))
	f.Fuzz(func(t *testing.T, id, scopes string, limit, window int64) {
		if d, ok := parseData([]byte(scopes)); !ok && (d.Rate != nil) {
			t.Fatalf("parseData(%q) failed with a result %+v", scopes, d)
		}
		var list []string
		for _, s := range []string{id, scopes} {
			if validScope(s) {
				list = append(list, s)
			}
		}
		if !validScope(id) || limit < 0 || window < 0 {
			return
		}
		raw := `[]`
		if len(list) > 0 {
			raw = `["` + list[0]
			for _, s := range list[1:] {
				raw += `","` + s
			}
			raw += `"]`
		}
		p := New()
		d, ok := parseData(p.data(&resolveRow{id: id, scopes: raw, rateLimit: limit, rateWindow: window}))
		if !ok || d.ID != id || !slices.Equal(d.Scopes, append([]string{}, list...)) || (limit > 0) != (d.Rate != nil) {
			t.Fatalf("parseData(data(%q, %s, %d)) = %+v, %v", id, raw, limit, d, ok)
		}
	})
}
