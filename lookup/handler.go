package lookup

import (
	"net/http"

	"github.com/sesame-go/sesame/lookup/internal/catalog"
)

// Handler returns an [http.Handler] that serves the Classmere API's routes
// over a sample catalogue embedded in this module (67 courses with 288
// sections in 15 subjects, 22 buildings), behaving as the real service does
// (reference facts §1.2, §1.5, §1.6): 200 and null for an unknown course or
// building, 404 with an empty JSON body for an unknown route, exact and
// case-sensitive matching, _id on /buildings/:abbr, and searches ranked with
// MongoDB's text score. A starter mounts it to run with no network; tests use
// [github.com/sesame-go/sesame/lookup/lookuptest].
//
// Mount it at the root of a server or under a prefix with
// [http.StripPrefix]. It is safe for concurrent use.
func Handler() http.Handler {
	return catalog.Default()
}
