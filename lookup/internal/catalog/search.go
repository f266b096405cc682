package catalog

import (
	"cmp"
	"slices"

	"github.com/sesame-go/sesame/lookup/internal/textscore"
)

// maxHits is the service's limit(100) on search answers.
const maxHits = 100

type hit struct {
	doc   document
	score float64
}

// rank scores each document's field for search and returns the hits best
// first, ties in catalogue order, at most maxHits, each with its score.
func rank(search string, n int, field func(i int) (document, string)) []document {
	q := textscore.Parse(search)
	var hits []hit
	for i := range n {
		d, text := field(i)
		if s, ok := q.Score(text); ok {
			hits = append(hits, hit{doc: d, score: s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(b.score, a.score) })
	out := []document{}
	for _, h := range hits[:min(len(hits), maxHits)] {
		out = append(out, h.doc.with("score", scoreJSON(h.score)))
	}
	return out
}

// searchCourses is the $text search on course titles, full documents minus
// _id, _version and prereqs.
func (c *Catalog) searchCourses(search string) []document {
	return rank(search, len(c.courses), func(i int) (document, string) {
		co := c.courses[i]
		return co.doc.without("_id", "_version", "prereqs"), co.title
	})
}

// searchBuildings is the $text search on building names, minus _id.
func (c *Catalog) searchBuildings(search string) []document {
	return rank(search, len(c.buildings), func(i int) (document, string) {
		b := c.buildings[i]
		return b.doc.without("_id"), b.name
	})
}
