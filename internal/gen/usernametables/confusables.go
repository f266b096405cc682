package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// unicodeVersion is the version of every source of data.
const unicodeVersion = "15.0.0"

// confusablesSHA256 is the SHA-256 of confusables.txt, Version 15.0.0, as
// ICU 72.1 ships it (icu/source/data/unidata/confusables.txt of Debian's
// icu_72.1.orig.tar.gz).
const confusablesSHA256 = "2b10130885c3370b101c52d7baedc452ab7f0e257b86c1e52ee657ecfc29ce64"

// checkVersions refuses to run on Unicode data of another version than
// the confusables': golang.org/x/text selects its tables by Go version.
func checkVersions() error {
	for name, v := range map[string]string{"golang.org/x/text/unicode/norm": norm.Version,
		"golang.org/x/text/cases": cases.UnicodeVersion, "unicode": unicode.Version} {
		if v != unicodeVersion {
			return fmt.Errorf("usernametables: %s has Unicode %s tables under this Go, want %s: %w", name, v, unicodeVersion, errVersion)
		}
	}
	return nil
}

var errVersion = fmt.Errorf("Unicode version mismatch")

// parseConfusables reads confusables.txt (UTS #39 §4, "Confusable
// Detection"): lines "source ; target ; MA # comment", source one code
// point, target a sequence, both in hex. Every mapping of Version 8.0.0
// on is of type MA.
func parseConfusables(raw []byte) (map[rune][]rune, error) {
	sum := sha256.Sum256(raw)
	if got := hex.EncodeToString(sum[:]); got != confusablesSHA256 {
		return nil, fmt.Errorf("usernametables: confusables.txt has SHA-256 %s, want %s (Version %s as ICU 72.1 ships it)", got, confusablesSHA256, unicodeVersion)
	}
	if !bytes.Contains(raw, []byte("# Version: "+unicodeVersion+"\n")) {
		return nil, fmt.Errorf("usernametables: confusables.txt is not Version %s", unicodeVersion)
	}
	m := map[rune][]rune{}
	s := bufio.NewScanner(bytes.NewReader(raw))
	for n := 1; s.Scan(); n++ {
		line, _, _ := strings.Cut(s.Text(), "#")
		line = strings.TrimSpace(strings.TrimPrefix(line, "\uFEFF"))
		if line == "" {
			continue
		}
		f := strings.Split(line, ";")
		if len(f) != 3 || strings.TrimSpace(f[2]) != "MA" {
			return nil, fmt.Errorf("usernametables: confusables.txt:%d: want \"source ; target ; MA\"", n)
		}
		src, err := parseHex(f[0])
		if err != nil || len(src) != 1 {
			return nil, fmt.Errorf("usernametables: confusables.txt:%d: bad source %q", n, f[0])
		}
		dst, err := parseHex(f[1])
		if err != nil || len(dst) == 0 {
			return nil, fmt.Errorf("usernametables: confusables.txt:%d: bad target %q", n, f[1])
		}
		if _, dup := m[src[0]]; dup {
			return nil, fmt.Errorf("usernametables: confusables.txt:%d: %U mapped twice", n, src[0])
		}
		m[src[0]] = dst
	}
	if len(m) < 6000 {
		return nil, fmt.Errorf("usernametables: confusables.txt has only %d mappings", len(m))
	}
	return m, s.Err()
}

func parseHex(field string) ([]rune, error) {
	var out []rune
	for _, h := range strings.Fields(field) {
		v, err := strconv.ParseUint(h, 16, 32)
		if err != nil || v > unicode.MaxRune {
			return nil, fmt.Errorf("bad code point %q", h)
		}
		out = append(out, rune(v))
	}
	return out, nil
}
