package textscore

import "strings"

// stopWords is the English stop-word list of MongoDB's text indexes (the
// Snowball list), less the contractions: the tokenizer splits those at the
// apostrophe, so they can never be looked up whole.
var stopWords = makeSet(`
a about above after again against all am an and any are as at
be because been before being below between both but by
cannot could did do does doing down during
each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself let me more most my myself
no nor not of off on once only or other ought our ours ourselves out over own
same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very
was we were what when where which while who whom why with would
you your yours yourself yourselves
`)

func makeSet(list string) map[string]bool {
	set := make(map[string]bool)
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}
