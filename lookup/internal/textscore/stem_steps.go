package textscore

// The steps of the Snowball English stemmer, in the algorithm's order.

// step0 removes a possessive ending.
func (w *stemmer) step0() {
	if s := w.longest("'s'", "'s", "'"); s != "" {
		w.replace(s, "")
	}
}

// step1a handles plurals.
func (w *stemmer) step1a() {
	switch s := w.longest("sses", "ied", "ies", "us", "ss", "s"); s {
	case "sses":
		w.replace(s, "ss")
	case "ied", "ies":
		if len(w.b) > 4 {
			w.replace(s, "i")
		} else {
			w.replace(s, "ie")
		}
	case "s":
		// Delete the s if a vowel comes before the letter before it.
		if w.hasVowel(len(w.b) - 2) {
			w.replace(s, "")
		}
	}
}

// step1b handles past tenses and -ing forms.
func (w *stemmer) step1b() {
	s := w.longest("eed", "eedly", "ed", "edly", "ing", "ingly")
	switch s {
	case "":
		return
	case "eed", "eedly":
		if w.inR1(s) {
			w.replace(s, "ee")
		}
		return
	}
	if !w.hasVowel(len(w.b) - len(s)) {
		return
	}
	w.replace(s, "")
	switch {
	case w.hasSuffix("at"), w.hasSuffix("bl"), w.hasSuffix("iz"):
		w.b = append(w.b, 'e')
	case len(w.b) >= 2 && isDouble(string(w.b[len(w.b)-2:])):
		w.b = w.b[:len(w.b)-1]
	case w.isShort():
		w.b = append(w.b, 'e')
	}
}

// step1c turns a final y into i after a consonant that is not the first
// letter.
func (w *stemmer) step1c() {
	n := len(w.b)
	if n > 2 && (w.b[n-1] == 'y' || w.b[n-1] == 'Y') && !isVowel(w.b[n-2]) {
		w.b[n-1] = 'i'
	}
}

// step2Suffixes maps each step-2 suffix to its replacement.
var step2Suffixes = map[string]string{
	"tional": "tion", "enci": "ence", "anci": "ance", "abli": "able",
	"entli": "ent", "izer": "ize", "ization": "ize", "ational": "ate",
	"ation": "ate", "ator": "ate", "alism": "al", "aliti": "al", "alli": "al",
	"fulness": "ful", "ousli": "ous", "ousness": "ous", "iveness": "ive",
	"iviti": "ive", "biliti": "ble", "bli": "ble", "ogi": "og", "fulli": "ful",
	"lessli": "less", "li": "",
}

// step3Suffixes maps each step-3 suffix to its replacement.
var step3Suffixes = map[string]string{
	"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic",
	"iciti": "ic", "ical": "ic", "ful": "", "ness": "", "ative": "",
}

// step4Suffixes are deleted in step 4.
var step4Suffixes = []string{
	"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment",
	"ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion",
}

func longestOf(w *stemmer, m map[string]string) string {
	best := ""
	for s := range m {
		if len(s) > len(best) && w.hasSuffix(s) {
			best = s
		}
	}
	return best
}

// step2 maps derivational suffixes inside R1.
func (w *stemmer) step2() {
	s := longestOf(w, step2Suffixes)
	if s == "" || !w.inR1(s) {
		return
	}
	before := byte(0)
	if n := len(w.b) - len(s); n > 0 {
		before = w.b[n-1]
	}
	switch s {
	case "ogi":
		if before != 'l' {
			return
		}
	case "li":
		if !isLiEnding(before) {
			return
		}
	}
	w.replace(s, step2Suffixes[s])
}

// step3 maps more suffixes inside R1; "ative" only inside R2.
func (w *stemmer) step3() {
	s := longestOf(w, step3Suffixes)
	if s == "" || !w.inR1(s) || (s == "ative" && !w.inR2(s)) {
		return
	}
	w.replace(s, step3Suffixes[s])
}

// step4 deletes suffixes inside R2; "ion" only after s or t.
func (w *stemmer) step4() {
	s := w.longest(step4Suffixes...)
	if s == "" || !w.inR2(s) {
		return
	}
	if s == "ion" {
		n := len(w.b) - len(s)
		if n == 0 || (w.b[n-1] != 's' && w.b[n-1] != 't') {
			return
		}
	}
	w.replace(s, "")
}

// step5 deletes a final e or the second of a final ll.
func (w *stemmer) step5() {
	switch {
	case w.hasSuffix("e"):
		if w.inR2("e") {
			w.replace("e", "")
			return
		}
		if w.inR1("e") {
			w.b = w.b[:len(w.b)-1]
			if w.endsShortSyllable() {
				w.b = append(w.b, 'e')
			}
		}
	case w.hasSuffix("ll"):
		if w.inR2("l") {
			w.replace("l", "")
		}
	}
}
