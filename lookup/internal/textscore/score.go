package textscore

import "strings"

// weight is the index weight of the one indexed field; the Classmere API
// creates its text indexes with the default weight 1.
const weight = 1.0

// fieldScores returns the score every term of field contributes, keyed by
// stem, as MongoDB computes it (reference facts §1.6): a stem seen count
// times among numTokens non-stop-word tokens scores
//
//	weight × freq × (0.5 + 0.5 × count / numTokens) [× 1.1 if field == stem]
//
// where freq = 1 + 1/2 + 1/4 + ... over its count occurrences.
func fieldScores(field string) map[string]float64 {
	terms := Terms(field)
	type tally struct {
		count int
		freq  float64
		exp   float64
	}
	tallies := make(map[string]*tally)
	for _, t := range terms {
		tl := tallies[t]
		if tl == nil {
			tl = &tally{exp: 1}
			tallies[t] = tl
		} else {
			tl.exp *= 2
		}
		tl.count++
		tl.freq += 1 / tl.exp
	}
	scores := make(map[string]float64, len(tallies))
	for t, tl := range tallies {
		coeff := 0.5*float64(tl.count)/float64(len(terms)) + 0.5
		adjustment := 1.0
		if strings.EqualFold(field, t) {
			adjustment += 0.1
		}
		scores[t] = weight * tl.freq * coeff * adjustment
	}
	return scores
}
