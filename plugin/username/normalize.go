package username

import (
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxInput is the most bytes [Normalize] reads; longer input is refused
// before any work.
const maxInput = 1024

// maxKey is the most bytes of a key: the identity table's limit.
const maxKey = 255

// Normalize returns the key of a username: what it is stored and compared
// as, so that names that look alike have one key. It is the identity
// kind's normalization, the same for every instance: the configured
// policy ([WithCharacters], [WithLength], reserved names) is checked when
// a name is chosen, not here, so that a stricter policy never locks out
// the holder of an older name.
//
// The key is the UTS #39 skeleton of the name's NFKC_Casefold form,
// without white space, repeated until stable: "JaneDoe", "janedoe" and
// "ｊａｎｅｄｏｅ" have one key, and so have "paypal" and "pаypal" (with a
// Cyrillic а). It is for comparison only, not for display: the key of
// "m" is "rn", as in UTS #39. The data are Unicode 15.0.0's (tables.go,
// made by internal/gen/usernametables). The key of a key is itself.
//
// Normalize refuses an empty name, more than 1 024 bytes of input, control
// and private-use characters, a name with no visible character, and a key
// over 255 bytes.
func Normalize(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	switch {
	case s == "":
		return "", errors.New("username is required")
	case len(s) > maxInput:
		return "", errors.New("username is too long")
	case !utf8.ValidString(s):
		return "", errors.New("username is not valid UTF-8")
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Co, r) {
			return "", errors.New("username holds a character that is not allowed")
		}
	}
	k := key(s)
	switch {
	case k == "":
		return "", errors.New("username has no visible character")
	case len(k) > maxKey:
		return "", errors.New("username is too long")
	}
	return k, nil
}

// key maps every code point of s to its key (Hangul syllables through
// their jamo, UAX #15 §3.12) and puts the marks of the result in
// canonical order (UAX #15 §3.11), as NFD does.
func key(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r >= hangulFirst && r <= hangulLast {
			for _, j := range hangulJamo(r) {
				out = appendKey(out, j)
			}
			continue
		}
		out = appendKey(out, r)
	}
	canonicalOrder(out)
	return string(out)
}

// appendKey appends the key of one code point.
func appendKey(out []rune, r rune) []rune {
	i, ok := slices.BinarySearch(keyFrom[:], int32(r))
	if !ok {
		return append(out, r)
	}
	start := uint32(0)
	if i > 0 {
		start = keyEnd[i-1]
	}
	for _, k := range keyTo[start:keyEnd[i]] {
		out = append(out, k)
	}
	return out
}

// Hangul syllables and their jamo (UAX #15 §3.12).
const (
	hangulFirst = 0xAC00
	hangulLast  = 0xD7A3
	jamoL       = 0x1100
	jamoV       = 0x1161
	jamoT       = 0x11A7
	countV      = 21
	countT      = 28
)

func hangulJamo(r rune) []rune {
	i := r - hangulFirst
	jamo := []rune{jamoL + i/(countV*countT), jamoV + i%(countV*countT)/countT}
	if t := i % countT; t != 0 {
		jamo = append(jamo, jamoT+t)
	}
	return jamo
}

// canonicalOrder sorts every run of marks of nonzero combining class by
// class, keeping the order of marks of one class (UAX #15 §3.11).
func canonicalOrder(rs []rune) {
	for i := 1; i < len(rs); i++ {
		c := combiningClass(rs[i])
		if c == 0 {
			continue
		}
		for j := i; j > 0; j-- {
			p := combiningClass(rs[j-1])
			if p <= c {
				break
			}
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// combiningRange is a range of code points of one canonical combining
// class.
type combiningRange struct {
	lo, hi rune
	class  uint8
}

// combiningClass returns the canonical combining class of r.
func combiningClass(r rune) uint8 {
	i, ok := slices.BinarySearchFunc(combiningClasses[:], r, func(c combiningRange, r rune) int {
		switch {
		case c.hi < r:
			return -1
		case c.lo > r:
			return 1
		}
		return 0
	})
	if !ok {
		return 0
	}
	return combiningClasses[i].class
}
