package textscore

import (
	"strings"
	"unicode"
)

// words splits s into lower-case words at every rune that is not a letter or
// a digit, as MongoDB's text tokenizer does for English.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), isDelimiter)
}

func isDelimiter(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// Terms returns the index terms of s: its words without stop words, each
// stemmed. The same word may appear more than once.
func Terms(s string) []string {
	var terms []string
	for _, w := range words(s) {
		if stopWords[w] {
			continue
		}
		terms = append(terms, Stem(w))
	}
	return terms
}
