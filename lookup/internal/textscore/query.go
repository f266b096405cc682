package textscore

import (
	"slices"
	"strings"
	"unicode"
)

// Query is a parsed $search string.
type Query struct {
	Terms          []string // stemmed positive terms, sorted, without duplicates
	Negated        []string // stemmed negated terms
	Phrases        []string // lower-case phrases every hit must contain
	NegatedPhrases []string // lower-case phrases no hit may contain
}

// Parse parses a $search string: words are OR-ed terms, "quoted text" is a
// phrase (whose words are terms as well), and a hyphen at the start of a word
// or phrase negates it. Stop words are dropped and terms are stemmed.
func Parse(search string) Query {
	var q Query
	rs := []rune(search)
	for i := 0; i < len(rs); {
		switch {
		case rs[i] == '"':
			i = q.addPhrase(rs, i+1, false)
		case rs[i] == '-' && (i == 0 || unicode.IsSpace(rs[i-1])) && i+1 < len(rs) && rs[i+1] == '"':
			i = q.addPhrase(rs, i+2, true)
		case rs[i] == '-' && (i == 0 || unicode.IsSpace(rs[i-1])):
			end := i + 1
			for end < len(rs) && !unicode.IsSpace(rs[end]) && rs[end] != '"' {
				end++
			}
			q.Negated = append(q.Negated, Terms(string(rs[i+1:end]))...)
			i = end
		case isDelimiter(rs[i]):
			i++
		default:
			end := i
			for end < len(rs) && !isDelimiter(rs[end]) {
				end++
			}
			q.Terms = append(q.Terms, Terms(string(rs[i:end]))...)
			i = end
		}
	}
	q.Terms = sortedSet(q.Terms)
	q.Negated = sortedSet(q.Negated)
	return q
}

// addPhrase reads a phrase starting at rs[start] up to the closing quote (or
// the end) and returns the index after it.
func (q *Query) addPhrase(rs []rune, start int, negated bool) int {
	end := start
	for end < len(rs) && rs[end] != '"' {
		end++
	}
	phrase := strings.ToLower(string(rs[start:end]))
	if strings.TrimSpace(phrase) != "" {
		if negated {
			q.NegatedPhrases = append(q.NegatedPhrases, phrase)
		} else {
			q.Phrases = append(q.Phrases, phrase)
			q.Terms = append(q.Terms, Terms(phrase)...)
		}
	}
	return min(end+1, len(rs))
}

func sortedSet(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// Score returns the text score of field for q and whether field is a hit: it
// contains at least one term and every phrase, and no negated term or
// phrase. A query without positive terms matches nothing.
func (q Query) Score(field string) (float64, bool) {
	if len(q.Terms) == 0 {
		return 0, false
	}
	scores := fieldScores(field)
	for _, t := range q.Negated {
		if _, ok := scores[t]; ok {
			return 0, false
		}
	}
	lower := strings.ToLower(field)
	for _, p := range q.NegatedPhrases {
		if strings.Contains(lower, p) {
			return 0, false
		}
	}
	for _, p := range q.Phrases {
		if !strings.Contains(lower, p) {
			return 0, false
		}
	}
	total, matched := 0.0, false
	for _, t := range q.Terms {
		if s, ok := scores[t]; ok {
			total += s
			matched = true
		}
	}
	return total, matched
}
