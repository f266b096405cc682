package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Hangul syllables, which the plugin decomposes itself (UAX #15 §3.12).
const (
	hangulFirst = 0xAC00
	hangulLast  = 0xD7A3
)

// tables are what the plugin needs.
type tables struct {
	from []rune   // code points whose key is not themselves, ascending
	to   []string // their keys
	ccc  []cccRange
}

type cccRange struct {
	lo, hi rune
	class  uint8
}

// deriver computes keys of code points and strings.
type deriver struct {
	conf map[rune][]rune
	fold cases.Caser
}

// derive computes the key of every code point and checks that the keys
// are what the plugin's algorithm needs: made of code points whose key is
// themselves, and free of what a key may not hold.
func derive(conf map[rune][]rune) (*tables, error) {
	d := &deriver{conf: conf, fold: cases.Fold()}
	t := &tables{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // surrogates: never in valid UTF-8
		}
		k, err := d.key(string(r))
		if err != nil {
			return nil, fmt.Errorf("usernametables: %U: %w", r, err)
		}
		if r >= hangulFirst && r <= hangulLast {
			if want := d.hangul(r); k != want {
				return nil, fmt.Errorf("usernametables: %U: key %+q, the algorithmic decomposition gives %+q", r, k, want)
			}
			continue
		}
		if k != string(r) {
			t.from = append(t.from, r)
			t.to = append(t.to, k)
		}
	}
	if err := t.check(d); err != nil {
		return nil, err
	}
	t.ccc = combiningClasses()
	return t, nil
}

// key is the fixed point of the skeleton of the NFKC_Casefold form, with
// white space removed.
func (d *deriver) key(s string) (string, error) {
	for range 10 {
		next := d.skeleton(d.nfkcCasefold(s))
		if next == s {
			return s, nil
		}
		s = next
	}
	return "", fmt.Errorf("the key of %+q does not settle", s)
}

// nfkcCasefold is NFKC_Casefold (UAX #44 §5.7.4, as DerivedNormalizationProps.txt
// derives it): NFKC, full case folding and removal of
// Default_Ignorable_Code_Point, repeated until stable.
func (d *deriver) nfkcCasefold(s string) string {
	for range 10 {
		next := norm.NFKC.String(removeIf(d.caseFold(norm.NFKC.String(s)), defaultIgnorable))
		if next == s {
			return s
		}
		s = next
	}
	panic(fmt.Sprintf("NFKC_Casefold of %+q does not settle", s))
}

// caseFold is full case folding (CaseFolding.txt, statuses C and F).
// golang.org/x/text's folds the Cherokee capital letters to the small
// ones, whereas CaseFolding.txt folds the small ones to the capitals
// (since Unicode 8.0, for stability) and leaves the capitals: they are
// left here too.
func (d *deriver) caseFold(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x13A0 && r <= 0x13F5 {
			b.WriteRune(r)
			continue
		}
		b.WriteString(d.fold.String(string(r)))
	}
	return b.String()
}

// skeleton is UTS #39 §4's skeleton: NFD, every code point replaced by its
// prototype, NFD again; default ignorables and white space are removed.
func (d *deriver) skeleton(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if t, ok := d.conf[r]; ok {
			b.WriteString(string(t))
		} else {
			b.WriteRune(r)
		}
	}
	return norm.NFD.String(removeIf(b.String(), func(r rune) bool { return defaultIgnorable(r) || unicode.IsSpace(r) }))
}

// hangul is what the plugin computes for a syllable: the keys of its
// jamo (UAX #15 §3.12), in canonical order.
func (d *deriver) hangul(r rune) string {
	const sBase, lBase, vBase, tBase, vCount, tCount = 0xAC00, 0x1100, 0x1161, 0x11A7, 21, 28
	i := r - sBase
	jamo := []rune{lBase + i/(vCount*tCount), vBase + i%(vCount*tCount)/tCount}
	if t := i % tCount; t != 0 {
		jamo = append(jamo, tBase+t)
	}
	var b strings.Builder
	for _, j := range jamo {
		k, _ := d.key(string(j))
		b.WriteString(k)
	}
	return norm.NFD.String(b.String())
}

// check verifies that every code point of every key is its own key and
// is none of what a key never holds: white space, controls, private use,
// default ignorables.
func (t *tables) check(d *deriver) error {
	for i, k := range t.to {
		for _, o := range k {
			if _, mapped := slices.BinarySearch(t.from, o); mapped || o >= hangulFirst && o <= hangulLast {
				return fmt.Errorf("usernametables: the key of %U holds %U, which is not its own key", t.from[i], o)
			}
			if unicode.IsSpace(o) || unicode.IsControl(o) || unicode.Is(unicode.Co, o) || defaultIgnorable(o) {
				return fmt.Errorf("usernametables: the key of %U holds %U", t.from[i], o)
			}
		}
		if norm.NFD.String(k) != k {
			return fmt.Errorf("usernametables: the key of %U is not in NFD", t.from[i])
		}
	}
	return nil
}

// defaultIgnorable is Default_Ignorable_Code_Point, derived as
// DerivedCoreProperties.txt says: Other_Default_Ignorable_Code_Point + Cf
// + Variation_Selector - White_Space - FFF9..FFFB - 13430..13440 -
// Prepended_Concatenation_Mark.
func defaultIgnorable(r rune) bool {
	if unicode.Is(unicode.White_Space, r) || r >= 0xFFF9 && r <= 0xFFFB || r >= 0x13430 && r <= 0x13440 ||
		unicode.Is(unicode.Prepended_Concatenation_Mark, r) {
		return false
	}
	return unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

func removeIf(s string, drop func(rune) bool) string {
	return strings.Map(func(r rune) rune {
		if drop(r) {
			return -1
		}
		return r
	}, s)
}

// combiningClasses returns the ranges of code points of one nonzero
// canonical combining class.
func combiningClasses() []cccRange {
	var out []cccRange
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		c := norm.NFD.PropertiesString(string(r)).CCC()
		if c == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].hi == r-1 && out[n-1].class == c {
			out[n-1].hi = r
			continue
		}
		out = append(out, cccRange{r, r, c})
	}
	return out
}
