package lookup

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		baseURL string
		opts    []Option
		wantErr bool
	}{
		{"https", "https://api.classmere.com", nil, false},
		{"path prefix", "http://127.0.0.1:8080/classmere/", nil, false},
		{"relative", "/courses", nil, true},
		{"no host", "https://", nil, true},
		{"ftp", "ftp://api.classmere.com", nil, true},
		{"query", "https://api.classmere.com?x=1", nil, true},
		{"bad escape", "https://api.classmere.com/%zz", nil, true},
		{"nil client", "https://api.classmere.com", []Option{WithHTTPClient(nil)}, true},
		{"negative retries", "https://api.classmere.com", []Option{WithRetries(-1)}, true},
		{"zero body", "https://api.classmere.com", []Option{WithMaxBodySize(0)}, true},
		{"backoff order", "https://api.classmere.com", []Option{WithBackoff(time.Second, time.Millisecond)}, true},
		{"negative timeout", "https://api.classmere.com", []Option{WithTimeout(-1)}, true},
		{"negative ttl", "https://api.classmere.com", []Option{WithCache(-1)}, true},
		{"nil clock", "https://api.classmere.com", []Option{WithClock(nil)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.baseURL, tt.opts...)
			if (err != nil) != tt.wantErr || (err == nil) == (c == nil) {
				t.Errorf("New(%q) = %v, %v, want error %v", tt.baseURL, c, err, tt.wantErr)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "lookup: ") {
				t.Errorf("New(%q) error %q does not start with lookup: ", tt.baseURL, err)
			}
		})
	}
}

func TestNewDoesNotChangeHTTPClient(t *testing.T) {
	hc := &http.Client{Timeout: time.Minute}
	if _, err := New("https://api.classmere.com", WithHTTPClient(hc)); err != nil {
		t.Fatal(err)
	}
	if hc.CheckRedirect != nil {
		t.Errorf("New changed the CheckRedirect of the given client")
	}
}

func TestCourse(t *testing.T) {
	tests := []struct {
		name, subject, number string
		wantPath              string // "" when no request is sent
		wantTitle             string
		wantErr               error
	}{
		{"recorded", "CS", "161", "/courses/CS/161", "CS 161 INTRODUCTION TO COMPUTER SCIENCE I", nil},
		{"upper-cased and trimmed", " cs ", "161", "/courses/CS/161", "CS 161 INTRODUCTION TO COMPUTER SCIENCE I", nil},
		{"200 null", "CS", "999", "/courses/CS/999", "", ErrNotFound},
		{"404 route", "ZZ", "100", "/courses/ZZ/100", "", ErrNotFound},
		{"escaped", "C/S", "1", "/courses/C%2FS/1", "", ErrNotFound},
		{"letters in number", "CS", "16a", "", "", ErrInvalid},
		{"negative number", "CS", "-1", "", "", ErrInvalid},
		{"empty number", "CS", "", "", "", ErrInvalid},
		{"long number", "CS", "1234567890", "", "", ErrInvalid},
		{"empty subject", " ", "161", "", "", ErrInvalid},
		{"dot dot", "..", "161", "", "", ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, s := setup(t)
			got, err := c.Course(context.Background(), tt.subject, tt.number)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (got != nil) {
				t.Fatalf("Course(%q, %q) = %v, %v, want %v", tt.subject, tt.number, got, err, tt.wantErr)
			}
			if got != nil && got.Title != tt.wantTitle {
				t.Errorf("Course(%q, %q).Title = %q, want %q", tt.subject, tt.number, got.Title, tt.wantTitle)
			}
			var want []string
			if tt.wantPath != "" {
				want = []string{tt.wantPath}
			}
			if paths := s.paths(); !slices.Equal(paths, want) {
				t.Errorf("Course(%q, %q) requested %q, want %q", tt.subject, tt.number, paths, want)
			}
		})
	}
}

func TestCourseNotFoundIsError(t *testing.T) {
	c, _ := setup(t)
	_, err := c.Course(context.Background(), "CS", "999")
	var e *Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusOK || string(e.Body) != "null" {
		t.Fatalf("Course(CS, 999) = %v, want an *Error with status 200 and body null", err)
	}
	if !strings.HasPrefix(err.Error(), "lookup: GET http://") {
		t.Errorf("Course(CS, 999) error %q, want it to start with lookup: GET http://", err)
	}
}

func TestRequestHeaders(t *testing.T) {
	c, s := setup(t, WithUserAgent("starter/1"))
	if _, err := c.Subjects(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := s.requests[0]
	if got := r.Header.Get("User-Agent"); got != "starter/1" {
		t.Errorf("User-Agent = %q, want %q", got, "starter/1")
	}
	if got := r.Header.Get("Accept"); got != "application/json" {
		t.Errorf("Accept = %q, want application/json", got)
	}
	if r.Method != http.MethodGet {
		t.Errorf("method = %s, want GET", r.Method)
	}
}

func TestBaseURLPrefix(t *testing.T) {
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	})
	for _, base := range []string{s.URL + "/api", s.URL + "/api/"} {
		c, _ := newTestClient(t, base)
		if _, err := c.CoursesBySubject(context.Background(), "hort"); err != nil {
			t.Fatalf("CoursesBySubject(hort) = %v", err)
		}
	}
	want := []string{"/api/courses/HORT", "/api/courses/HORT"}
	if got := s.paths(); !slices.Equal(got, want) {
		t.Errorf("requested %q, want %q", got, want)
	}
}

func TestLists(t *testing.T) {
	c, _ := setup(t)
	ctx := context.Background()
	courses, err := c.Courses(ctx)
	if err != nil || len(courses) != 6 {
		t.Fatalf("Courses() = %d courses, %v, want 6", len(courses), err)
	}
	want := CourseSummary{Title: "CS 161 INTRODUCTION TO COMPUTER SCIENCE I", SubjectCode: "CS", CourseNumber: 161}
	if courses[3] != want {
		t.Errorf("Courses()[3] = %+v, want %+v", courses[3], want)
	}
	cs, err := c.CoursesBySubject(ctx, "cs")
	if err != nil || len(cs) != 1 || cs[0] != want {
		t.Errorf("CoursesBySubject(cs) = %+v, %v, want [%+v]", cs, err, want)
	}
	subjects, err := c.Subjects(ctx)
	if err != nil || len(subjects) != 13 || subjects[0] != "AAE" || subjects[12] != "NUTR" {
		t.Errorf("Subjects() = %q, %v, want 13 from AAE to NUTR", subjects, err)
	}
	if _, err := c.CoursesBySubject(ctx, ""); !errors.Is(err, ErrInvalid) {
		t.Errorf("CoursesBySubject(\"\") = %v, want %v", err, ErrInvalid)
	}
}

// TestBuilding: the service matches a code exactly (reference facts
// §1.2), so the client asks for it as given and then, if that names no
// building, upper-cased: "kec" finds KEC, and "WGrn", a code in mixed
// case, finds its building.
func TestBuilding(t *testing.T) {
	tests := []struct {
		abbr      string
		want      string // the building's name; "" for an error
		wantErr   error
		wantPaths []string
	}{
		{"KEC", "Kelley Engineering Center", nil, []string{"/buildings/KEC"}},
		{" KEC ", "Kelley Engineering Center", nil, []string{"/buildings/KEC"}},
		{"kec", "Kelley Engineering Center", nil, []string{"/buildings/kec", "/buildings/KEC"}},
		{"WGrn", "West Greenhouse", nil, []string{"/buildings/WGrn"}},
		{"nope", "", ErrNotFound, []string{"/buildings/nope", "/buildings/NOPE"}},
		{"NOPE", "", ErrNotFound, []string{"/buildings/NOPE"}},
		{"dear", "", ErrNotFound, []string{"/buildings/dear", "/buildings/DEAR"}}, // 404: not among the recorded routes
		{"", "", ErrInvalid, nil},
	}
	for _, tt := range tests {
		t.Run(tt.abbr, func(t *testing.T) {
			c, s := setup(t)
			b, err := c.Building(context.Background(), tt.abbr)
			if !errors.Is(err, tt.wantErr) || (err == nil && b.Name != tt.want) {
				t.Fatalf("Building(%q) = %+v, %v, want %q, %v", tt.abbr, b, err, tt.want, tt.wantErr)
			}
			if got := s.paths(); !slices.Equal(got, tt.wantPaths) {
				t.Errorf("Building(%q) requested %q, want %q", tt.abbr, got, tt.wantPaths)
			}
			if err == nil && b.Abbr == "KEC" {
				lat, long, ok := b.Location()
				if !ok || lat != 44.567164 || long != -123.278692 || b.Number != 3 {
					t.Errorf("Building(%q) = %+v, want number 3 at 44.567164, -123.278692", tt.abbr, b)
				}
			}
		})
	}
}

func TestBuildings(t *testing.T) {
	c, _ := setup(t)
	got, err := c.Buildings(context.Background())
	if err != nil || len(got) != 4 {
		t.Fatalf("Buildings() = %d, %v, want 4", len(got), err)
	}
	if _, _, ok := got[2].Location(); ok || got[2].Abbr != "PLPH" || got[2].Number != 0 {
		t.Errorf("Buildings()[2] = %+v, want PLPH with no number or coordinates", got[2])
	}
	if got[3].Abbr != "" || got[3].Address != "" || got[3].Name != "4-H Youth Foundation" {
		t.Errorf("Buildings()[3] = %+v, want 4-H Youth Foundation with no abbr or address", got[3])
	}
}

func TestSearchCourses(t *testing.T) {
	c, s := setup(t)
	ctx := context.Background()
	hits, err := c.SearchCourses(ctx, "nutrition")
	if err != nil || len(hits) != 4 {
		t.Fatalf("SearchCourses(nutrition) = %d hits, %v, want 4", len(hits), err)
	}
	wantScores := []float64{0.625, 0.625, 0.6, 0.6}
	for i, h := range hits {
		if h.Score != wantScores[i] {
			t.Errorf("SearchCourses(nutrition)[%d].Score = %v, want %v", i, h.Score, wantScores[i])
		}
	}
	if len(hits[0].Sections) != 1 || hits[3].Sections != nil || hits[3].Credits != (Credits{3, 3}) {
		t.Errorf("SearchCourses(nutrition): want sections on the first hit, none on the last; got %+v, %+v", hits[0], hits[3])
	}
	if hits, err := c.SearchCourses(ctx, "zzz"); err != nil || len(hits) != 0 {
		t.Errorf("SearchCourses(zzz) = %v, %v, want no hit", hits, err)
	}
	if _, err := c.SearchCourses(ctx, "C++ "); err != nil {
		t.Errorf("SearchCourses(C++ ) = %v", err)
	}
	if _, err := c.SearchCourses(ctx, " "); !errors.Is(err, ErrInvalid) {
		t.Errorf("SearchCourses(\" \") = %v, want %v", err, ErrInvalid)
	}
	want := []string{"/search/courses/nutrition", "/search/courses/zzz", "/search/courses/C++%20"}
	if got := s.paths(); !slices.Equal(got, want) {
		t.Errorf("requested %q, want %q", got, want)
	}
}

func TestSearchBuildings(t *testing.T) {
	c, _ := setup(t)
	hits, err := c.SearchBuildings(context.Background(), "Kelley")
	if err != nil || len(hits) != 1 || hits[0].Abbr != "KEC" || hits[0].Score != 2.0/3 {
		t.Fatalf("SearchBuildings(Kelley) = %+v, %v, want KEC with 0.666...", hits, err)
	}
}
