package textscore

import "strings"

// Stem returns the Snowball English (Porter2) stem of a lower-case word, the
// stemmer MongoDB applies to English text indexes. It follows the algorithm's
// published description step by step; the step names below are its own.
func Stem(word string) string {
	if len(word) <= 2 || !isASCIILower(word) {
		return word
	}
	if s, ok := exceptions1[word]; ok {
		return s
	}
	w := &stemmer{b: []byte(strings.TrimPrefix(word, "'"))}
	w.markY()
	w.setRegions()
	w.step0()
	w.step1a()
	if invariant2[string(w.b)] {
		return string(w.b)
	}
	w.step1b()
	w.step1c()
	w.step2()
	w.step3()
	w.step4()
	w.step5()
	return strings.ReplaceAll(string(w.b), "Y", "y")
}

func isASCIILower(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '\'' {
			return false
		}
	}
	return true
}

// exceptions1 are the words the algorithm stems by table before step 0.
var exceptions1 = map[string]string{
	"skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
	"idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli",
	"only": "onli", "singly": "singl",
	"sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas",
	"cosmos": "cosmos", "bias": "bias", "andes": "andes",
}

// invariant2 are the words left as they are after step 1a.
var invariant2 = map[string]bool{
	"inning": true, "outing": true, "canning": true, "herring": true,
	"earring": true, "proceed": true, "exceed": true, "succeed": true,
}

// stemmer holds a word being stemmed and the starts of its regions R1, R2.
type stemmer struct {
	b      []byte
	r1, r2 int
}

func isVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

// markY upper-cases an initial y and every y after a vowel, so they count as
// consonants.
func (w *stemmer) markY() {
	for i, c := range w.b {
		if c == 'y' && (i == 0 || isVowel(w.b[i-1])) {
			w.b[i] = 'Y'
		}
	}
}

// setRegions finds R1 (after the first non-vowel that follows a vowel) and
// R2 (the same rule applied inside R1), with the algorithm's three prefixes
// whose R1 is fixed.
func (w *stemmer) setRegions() {
	w.r1 = len(w.b)
	for _, p := range []string{"gener", "commun", "arsen"} {
		if strings.HasPrefix(string(w.b), p) {
			w.r1 = len(p)
			break
		}
	}
	if w.r1 == len(w.b) {
		w.r1 = w.regionAfter(0)
	}
	w.r2 = w.regionAfter(w.r1)
}

func (w *stemmer) regionAfter(start int) int {
	for i := start + 1; i < len(w.b); i++ {
		if !isVowel(w.b[i]) && isVowel(w.b[i-1]) {
			return i + 1
		}
	}
	return len(w.b)
}

func (w *stemmer) hasSuffix(s string) bool { return strings.HasSuffix(string(w.b), s) }

// longest returns the longest of suffixes that ends the word, or "".
func (w *stemmer) longest(suffixes ...string) string {
	best := ""
	for _, s := range suffixes {
		if len(s) > len(best) && w.hasSuffix(s) {
			best = s
		}
	}
	return best
}

func (w *stemmer) inR1(suffix string) bool { return len(w.b)-len(suffix) >= w.r1 }
func (w *stemmer) inR2(suffix string) bool { return len(w.b)-len(suffix) >= w.r2 }

func (w *stemmer) replace(suffix, with string) {
	w.b = append(w.b[:len(w.b)-len(suffix)], with...)
}

// hasVowel reports whether b[:end] contains a vowel.
func (w *stemmer) hasVowel(end int) bool {
	for _, c := range w.b[:end] {
		if isVowel(c) {
			return true
		}
	}
	return false
}

// endsShortSyllable reports whether the word ends in a short syllable: a
// non-vowel, a vowel and a non-vowel other than w, x or Y; or, for a word of
// two letters, a vowel followed by a non-vowel.
func (w *stemmer) endsShortSyllable() bool {
	n := len(w.b)
	if n == 2 {
		return isVowel(w.b[0]) && !isVowel(w.b[1])
	}
	if n < 3 {
		return false
	}
	c := w.b[n-1]
	return !isVowel(w.b[n-3]) && isVowel(w.b[n-2]) && !isVowel(c) &&
		c != 'w' && c != 'x' && c != 'Y'
}

// isShort reports whether the word is short: it ends in a short syllable
// and R1 is empty.
func (w *stemmer) isShort() bool {
	return w.r1 >= len(w.b) && w.endsShortSyllable()
}

func isDouble(s string) bool {
	switch s {
	case "bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt":
		return true
	}
	return false
}

func isLiEnding(c byte) bool { return strings.IndexByte("cdeghkmnrt", c) >= 0 }
