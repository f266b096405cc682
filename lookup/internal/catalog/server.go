package catalog

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// ServeHTTP answers the Classmere API's routes (reference facts §1.2):
//
//	GET /                          welcome message
//	GET /courses                   every course: title, subjectCode, courseNumber
//	GET /courses/:subject          the same, of one subject (undocumented)
//	GET /courses/:subject/:number  one course with sections, or null
//	GET /subjects                  the distinct subject codes, sorted
//	GET /buildings                 every building, without _id
//	GET /buildings/:abbr           one building with _id, or null
//	GET /search/courses/:q         courses ranked by title, with score
//	GET /search/buildings/:q       buildings ranked by name, with score
//
// Anything else is 404 with an empty body.
func (c *Catalog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Powered-By", "Express")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodOptions:
		// cors() answers every preflight request itself.
		w.Header().Set("Access-Control-Allow-Methods", "GET,HEAD,PUT,PATCH,POST,DELETE")
		w.Header().Set("Vary", "Access-Control-Request-Headers")
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		notFound(w)
		return
	}
	v, found := c.route(splitPath(r.URL.EscapedPath()))
	if !found {
		notFound(w)
		return
	}
	writeJSON(w, r, v)
}

// route returns the answer to the route made of segs, and false when no
// route matches. A nil answer is written as null.
func (c *Catalog) route(segs []string) (any, bool) {
	is := func(i int, name string) bool { return strings.EqualFold(segs[i], name) }
	switch {
	case len(segs) == 0:
		return map[string]string{"message": "Welcome to the classmere api."}, true
	case len(segs) == 1 && is(0, "courses"):
		return c.summaries(""), true
	case len(segs) == 2 && is(0, "courses"):
		return c.summaries(segs[1]), true
	case len(segs) == 3 && is(0, "courses"):
		return orNull(c.course(segs[1], segs[2])), true
	case len(segs) == 1 && is(0, "subjects"):
		return c.subjects, true
	case len(segs) == 1 && is(0, "buildings"):
		return c.allBuildings(), true
	case len(segs) == 2 && is(0, "buildings"):
		return orNull(c.building(segs[1])), true
	case len(segs) == 3 && is(0, "search") && is(1, "courses"):
		return c.searchCourses(segs[2]), true
	case len(segs) == 3 && is(0, "search") && is(1, "buildings"):
		return c.searchBuildings(segs[2]), true
	}
	return nil, false
}

// noRoute is a path that matches no route.
var noRoute = []string{"", "", "", ""}

// splitPath splits an escaped path into decoded segments as Express matches
// them: one trailing slash is optional, and no segment may be empty.
func splitPath(escaped string) []string {
	p := strings.TrimSuffix(strings.TrimPrefix(escaped, "/"), "/")
	if p == "" {
		return nil
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		d, err := url.PathUnescape(s)
		if err != nil || d == "" {
			return noRoute
		}
		segs[i] = d
	}
	return segs
}

// summaries returns the courses of subject, or all for "", projected to
// {title, subjectCode, courseNumber}.
func (c *Catalog) summaries(subject string) []document {
	list := []document{}
	for _, co := range c.courses {
		if subject == "" || co.subject == subject {
			list = append(list, co.doc.only("title", "subjectCode", "courseNumber"))
		}
	}
	return list
}

// course is findOne({subjectCode, courseNumber: parseInt(number)}) minus
// _id, _version and prereqs; nil when none.
func (c *Catalog) course(subject, number string) document {
	n, ok := parseInt(number)
	if !ok {
		return nil
	}
	for _, co := range c.courses {
		if co.subject == subject && co.number == n {
			return co.doc.without("_id", "_version", "prereqs")
		}
	}
	return nil
}

func (c *Catalog) allBuildings() []document {
	list := []document{}
	for _, b := range c.buildings {
		list = append(list, b.doc.without("_id"))
	}
	return list
}

// building is findOne({abbr}) with no projection, so _id included.
func (c *Catalog) building(abbr string) document {
	for _, b := range c.buildings {
		if b.hasAbbr && b.abbr == abbr {
			return b.doc
		}
	}
	return nil
}

// orNull returns d, or an untyped nil that encodes as null: a nil document
// in an interface would encode as {}.
func orNull(d document) any {
	if d == nil {
		return nil
	}
	return d
}

func notFound(w http.ResponseWriter) {
	// res.status(404); res.json() with no argument.
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
}

// scoreJSON encodes a text score as JavaScript would.
func scoreJSON(score float64) json.RawMessage {
	b, _ := json.Marshal(score)
	return b
}
