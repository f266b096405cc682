package catalog

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

//go:embed data/courses.json data/buildings.json
var data embed.FS

// Catalog is a read-only set of course and building documents, served over
// HTTP as the Classmere API serves its database.
type Catalog struct {
	courses   []course
	buildings []building
	subjects  []string
}

// course is a course document with the fields queries match on.
type course struct {
	doc     document
	subject string
	number  float64 // courseNumber; JavaScript compares numbers as float64
	title   string
}

// building is a building document with the fields queries match on.
type building struct {
	doc     document
	abbr    string // "" when null: findOne({abbr}) never matches it
	hasAbbr bool
	name    string
}

// Default returns the catalogue embedded in data/. It panics if the embedded
// files are broken, which the package's tests rule out.
var Default = sync.OnceValue(func() *Catalog {
	courses, err1 := data.ReadFile("data/courses.json")
	buildings, err2 := data.ReadFile("data/buildings.json")
	if err1 != nil || err2 != nil {
		panic(fmt.Sprintf("catalog: embedded data: %v %v", err1, err2))
	}
	c, err := New(courses, buildings)
	if err != nil {
		panic(err)
	}
	return c
})

// New returns a catalogue of the documents in two JSON arrays, in the order
// given, which is the order the service answers lists in.
func New(courses, buildings []byte) (*Catalog, error) {
	var c Catalog
	cdocs, err := parseArray(courses)
	if err != nil {
		return nil, fmt.Errorf("catalog: courses: %w", err)
	}
	for i, d := range cdocs {
		subject, ok1 := d.str("subjectCode")
		title, ok2 := d.str("title")
		var number float64
		err := json.Unmarshal(d.get("courseNumber"), &number)
		if !ok1 || !ok2 || err != nil {
			return nil, fmt.Errorf("catalog: course %d: want string subjectCode and title, numeric courseNumber", i)
		}
		c.courses = append(c.courses, course{doc: d, subject: subject, number: number, title: title})
		if !slices.Contains(c.subjects, subject) {
			c.subjects = append(c.subjects, subject)
		}
	}
	slices.Sort(c.subjects)
	bdocs, err := parseArray(buildings)
	if err != nil {
		return nil, fmt.Errorf("catalog: buildings: %w", err)
	}
	for _, d := range bdocs {
		abbr, hasAbbr := d.str("abbr")
		name, _ := d.str("name")
		c.buildings = append(c.buildings, building{doc: d, abbr: abbr, hasAbbr: hasAbbr, name: name})
	}
	return &c, nil
}

func parseArray(b []byte) ([]document, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, err
	}
	docs := make([]document, 0, len(raws))
	for i, raw := range raws {
		d, err := parseDocument(raw)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i, err)
		}
		docs = append(docs, d)
	}
	return docs, nil
}

// counts returns the numbers of subjects, courses, sections and buildings.
func (c *Catalog) counts() (subjects, courses, sections, buildings int) {
	for _, co := range c.courses {
		var s []json.RawMessage
		_ = json.Unmarshal(co.doc.get("sections"), &s)
		sections += len(s)
	}
	return len(c.subjects), len(c.courses), sections, len(c.buildings)
}
