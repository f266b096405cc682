package lookup

import (
	"context"
	"errors"
	"net/http/httptest"
	"reflect"
	"strconv"
	"testing"
)

// catalogClient returns a client for Handler on a test server.
func catalogClient(tb testing.TB) *Client {
	tb.Helper()
	srv := httptest.NewServer(Handler())
	tb.Cleanup(srv.Close)
	c, _ := newTestClient(tb, srv.URL, WithHTTPClient(srv.Client()))
	return c
}

// TestHandlerCatalogue reads the whole sample catalogue through the client:
// every document decodes, and there is as much as the catalogue promises.
func TestHandlerCatalogue(t *testing.T) {
	c := catalogClient(t)
	ctx := context.Background()
	subjects, err := c.Subjects(ctx)
	if err != nil || len(subjects) < 12 {
		t.Fatalf("Subjects() = %d, %v, want at least 12", len(subjects), err)
	}
	courses, err := c.Courses(ctx)
	if err != nil || len(courses) < 60 {
		t.Fatalf("Courses() = %d, %v, want at least 60", len(courses), err)
	}
	sections := 0
	for _, s := range courses {
		course, err := c.Course(ctx, s.SubjectCode, strconv.Itoa(s.CourseNumber))
		if err != nil {
			t.Fatalf("Course(%q, %d) = %v", s.SubjectCode, s.CourseNumber, err)
		}
		if course.Title != s.Title || course.Credits.IsZero() || course.Updated.IsZero() {
			t.Errorf("Course(%q, %d) = %+v, want title %q, credits, updated", s.SubjectCode, s.CourseNumber, course, s.Title)
		}
		for _, sec := range course.Sections {
			if sec.StartDate.IsZero() || sec.CRN < 10000 || sec.CRN > 99999 || sec.Comments != sec.TextbookURL {
				t.Errorf("Course(%q, %d): section %+v", s.SubjectCode, s.CourseNumber, sec)
			}
		}
		sections += len(course.Sections)
	}
	if sections < 200 {
		t.Errorf("%d sections, want at least 200", sections)
	}
	buildings, err := c.Buildings(ctx)
	if err != nil || len(buildings) < 20 {
		t.Fatalf("Buildings() = %d, %v, want at least 20", len(buildings), err)
	}
	for _, b := range buildings {
		if b.Abbr == "" {
			continue
		}
		got, err := c.Building(ctx, b.Abbr)
		if err != nil || !reflect.DeepEqual(*got, b) {
			t.Errorf("Building(%q) = %+v, %v, want %+v", b.Abbr, got, err, b)
		}
	}
}

func TestHandlerBehaviour(t *testing.T) {
	c := catalogClient(t)
	ctx := context.Background()
	if _, err := c.Course(ctx, "CS", "999"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Course(CS, 999) = %v, want %v", err, ErrNotFound)
	}
	if b, err := c.Building(ctx, "WGrn"); err != nil || b.Name != "West Greenhouse" {
		t.Errorf("Building(WGrn) = %+v, %v, want West Greenhouse: its code is in mixed case", b, err)
	}
	if _, err := c.Building(ctx, "WGRN"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Building(WGRN) = %v, want %v: the service matches codes exactly", err, ErrNotFound)
	}
	if list, err := c.CoursesBySubject(ctx, "zz"); err != nil || len(list) != 0 {
		t.Errorf("CoursesBySubject(zz) = %v, %v, want an empty list", list, err)
	}
	hits, err := c.SearchCourses(ctx, "nutrition")
	if err != nil || len(hits) < 4 {
		t.Fatalf("SearchCourses(nutrition) = %d, %v", len(hits), err)
	}
	want := []struct {
		subject string
		number  int
		score   float64
	}{{"HORT", 316, 0.625}, {"KIN", 341, 0.625}, {"NUTR", 240, 0.625}, {"ANS", 311, 0.6}}
	for i, w := range want {
		if h := hits[i]; h.SubjectCode != w.subject || h.CourseNumber != w.number || h.Score != w.score {
			t.Errorf("SearchCourses(nutrition)[%d] = %s %d %v, want %s %d %v", i, h.SubjectCode, h.CourseNumber, h.Score, w.subject, w.number, w.score)
		}
	}
	bhits, err := c.SearchBuildings(ctx, "Kelley")
	if err != nil || len(bhits) != 1 || bhits[0].Abbr != "KEC" || bhits[0].Score != 0.6666666666666666 {
		t.Errorf("SearchBuildings(Kelley) = %+v, %v, want KEC alone at 0.6666666666666666", bhits, err)
	}
}
