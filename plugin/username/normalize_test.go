package username

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

var normalizeTests = []struct {
	name, in, want string
	ok             bool
}{
	{"ascii", "janedoe", "janedoe", true},
	{"letter case", "JaneDoe", "janedoe", true},
	{"trimmed", "  JaneDoe\t", "janedoe", true},
	{"full width", "ｊａｎｅｄｏｅ", "janedoe", true},
	{"cyrillic a", "p\u0430ypal", "paypal", true},
	{"greek omicron", "g\u03bfogle", "google", true},
	{"mathematical letters", "𝔭𝔞𝔶𝔭𝔞𝔩", "paypal", true},
	{"m looks like rn", "m", "rn", true},
	{"digit one", "1", "l", true},
	{"zero-width joiner", "jane\u200ddoe", "janedoe", true},
	{"soft hyphen", "jane\u00addoe", "janedoe", true},
	{"inner space", "jane doe", "janedoe", true},
	{"sharp s", "straße", "strasse", true},
	{"precomposed", "jos\u00e9", "jose\u0301", true},
	{"decomposed", "jose\u0301", "jose\u0301", true},
	{"marks reordered", "a\u0301\u0323", "a\u0323\u0301", true},
	{"hangul", "\ud55c", "\u1112\u1161\u1102", true},
	{"empty", "", "", false},
	{"spaces", "   ", "", false},
	{"only ignorables", "\u200b\u200d", "", false},
	{"control", "jane\x07doe", "", false},
	{"private use", "jane\ue000", "", false},
	{"invalid utf-8", "jane\xff", "", false},
	{"too long", strings.Repeat("a", maxInput+1), "", false},
	{"key too long", strings.Repeat("\ufdfa", 20), "", false},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Normalize(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("Normalize(%+q) = %+q, %v; want %+q, ok %v", tt.in, got, err, tt.want, tt.ok)
			}
		})
	}
}

// TestConfusablesCollide: names that look alike have one key.
func TestConfusablesCollide(t *testing.T) {
	groups := [][]string{
		{"paypal", "PayPal", "p\u0430ypal", "\u0440\u0430y\u0440\u0430l", "ｐａｙｐａｌ", "paypa\u217c"},
		{"admin", "\u0430dmin", "ADMIN", "adm\u0456n"},
		{"jane.doe", "jane\u2024doe"},
		{"apple", "\u0430pple", "appl\u0435"},
	}
	for _, g := range groups {
		want, err := Normalize(g[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range g[1:] {
			if got, err := Normalize(s); err != nil || got != want {
				t.Errorf("Normalize(%+q) = %+q, %v; want %+q, the key of %q", s, got, err, want, g[0])
			}
		}
	}
	distinct := [][2]string{{"jane", "john"}, {"jane.doe", "jane_doe"}, {"josé", "jose"}, {"ab", "ba"}}
	for _, d := range distinct {
		a, _ := Normalize(d[0])
		b, _ := Normalize(d[1])
		if a == b {
			t.Errorf("Normalize(%q) = Normalize(%q) = %+q, want different keys", d[0], d[1], a)
		}
	}
}

// TestTables checks the invariants of the generated tables that the key
// relies on: keyFrom ascending, keyEnd growing to the end of keyTo, every
// code point of a key its own key and none of what a key never holds,
// combining classes ascending and disjoint.
func TestTables(t *testing.T) {
	if unicodeVersion != unicode.Version {
		t.Logf("the tables are Unicode %s, the unicode package %s", unicodeVersion, unicode.Version)
	}
	for i := range keyFrom {
		if i > 0 && (keyFrom[i] <= keyFrom[i-1] || keyEnd[i] < keyEnd[i-1]) {
			t.Fatalf("the tables are not ascending at %d (%U)", i, keyFrom[i])
		}
	}
	if int(keyEnd[len(keyEnd)-1]) != len(keyTo) || !utf8.ValidString(keyTo) {
		t.Fatalf("keyEnd ends at %d, keyTo has %d bytes", keyEnd[len(keyEnd)-1], len(keyTo))
	}
	for _, r := range keyTo {
		if k := key(string(r)); k != string(r) {
			t.Errorf("%U is in a key, and its key is %+q", r, k)
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Co, r) || r >= hangulFirst && r <= hangulLast {
			t.Errorf("%U is in a key", r)
		}
	}
	for i := 1; i < len(combiningClasses); i++ {
		if c := combiningClasses[i]; c.lo <= combiningClasses[i-1].hi || c.hi < c.lo || c.class == 0 {
			t.Fatalf("combiningClasses[%d] = %v is out of order", i, c)
		}
	}
}

// TestKeyOfEveryCodePoint: the key of every code point, alone, is its own
// key: normalizing is idempotent however names are made of them.
func TestKeyOfEveryCodePoint(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		k := key(string(r))
		if key(k) != k {
			t.Fatalf("key(%U) = %+q, whose key is %+q", r, k, key(k))
		}
	}
}
