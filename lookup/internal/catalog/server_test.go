package catalog

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// do sends one request to the default catalogue.
func do(tb testing.TB, method, target string, header http.Header) *http.Response {
	tb.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	Default().ServeHTTP(rec, req)
	return rec.Result()
}

func body(tb testing.TB, resp *http.Response) string {
	tb.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestRoutes checks the answers of reference facts §1.2 and §1.5.
func TestRoutes(t *testing.T) {
	const jsonUTF8 = "application/json; charset=utf-8"
	tests := []struct {
		name, method, target string
		wantStatus           int
		wantType             string
		check                func(body string) bool // nil: body must be empty
	}{
		{"welcome", "GET", "/", 200, jsonUTF8, equals(`{"message":"Welcome to the classmere api."}`)},
		{"course", "GET", "/courses/CS/161", 200, jsonUTF8, all(
			prefix(`{"title":"CS 161 INTRODUCTION TO COMPUTER SCIENCE I","subjectCode":"CS","courseNumber":161,"credits":"4",`),
			lacks(`"_id"`), lacks(`"_version"`), lacks(`"prereqs"`), has(`"credits":null`), has(`"meetingTimes":[{"startTime":"`))},
		{"subject is case-sensitive", "GET", "/courses/cs/161", 200, jsonUTF8, equals("null")},
		{"unknown course", "GET", "/courses/CS/999", 200, jsonUTF8, equals("null")},
		{"non-numeric number", "GET", "/courses/CS/abc", 200, jsonUTF8, equals("null")},
		{"parseInt stops at a letter", "GET", "/courses/CS/161abc", 200, jsonUTF8, prefix(`{"title":"CS 161 `)},
		{"parseInt reads hex", "GET", "/courses/CS/0xA1", 200, jsonUTF8, prefix(`{"title":"CS 161 `)},
		{"routes ignore case and one trailing slash", "GET", "/COURSES/CS/161/", 200, jsonUTF8, prefix(`{"title":"CS 161 `)},
		{"course without sections", "GET", "/courses/ANS/320", 200, jsonUTF8, has(`"sections":[]`)},
		{"summaries", "GET", "/courses", 200, jsonUTF8, prefix(`[{"title":"AAE 210 INTRODUCTION TO AEROSPACE ENGINEERING","subjectCode":"AAE","courseNumber":210},`)},
		{"summaries of a subject", "GET", "/courses/HORT", 200, jsonUTF8, all(prefix(`[{"title":"HORT 111 `), lacks("CS 161"), lacks(`"sections"`))},
		{"unknown subject", "GET", "/courses/ZZ", 200, jsonUTF8, equals("[]")},
		{"subjects", "GET", "/subjects", 200, jsonUTF8, equals(`["AAE","ACTG","AEC","AED","AG","AGRI","ALS","ANS","ANTH","CH","CS","HORT","KIN","MTH","NUTR"]`)},
		{"building with _id", "GET", "/buildings/KEC", 200, jsonUTF8, equals(`{"_id":"5a84a9d2f0000003b1c0e7a2","abbr":"KEC","name":"Kelley Engineering Center","address":"110 SW Park Terrace","buildingNumber":3,"latitude":44.567164,"longitude":-123.278692}`)},
		{"abbr is case-sensitive", "GET", "/buildings/kec", 200, jsonUTF8, equals("null")},
		{"mixed-case abbr", "GET", "/buildings/WGrn", 200, jsonUTF8, has(`"name":"West Greenhouse"`)},
		{"null abbr never matches", "GET", "/buildings/null", 200, jsonUTF8, equals("null")},
		{"buildings without _id", "GET", "/buildings", 200, jsonUTF8, all(prefix(`[{"abbr":"KEC",`), lacks(`"_id"`), has(`"abbr":null`), has(`"latitude":null`), has(`"Agricultural & Life Sciences Building"`))},
		{"search hit with score", "GET", "/search/buildings/Kelley", 200, jsonUTF8, equals(`[{"abbr":"KEC","name":"Kelley Engineering Center","address":"110 SW Park Terrace","buildingNumber":3,"latitude":44.567164,"longitude":-123.278692,"score":0.6666666666666666}]`)},
		{"search without hit", "GET", "/search/courses/zzz", 200, jsonUTF8, equals("[]")},
		{"search of a stop word", "GET", "/search/courses/the", 200, jsonUTF8, equals("[]")},
		{"search finds the code in titles", "GET", "/search/courses/NUTR", 200, jsonUTF8, all(prefix(`[{"title":"NUTR 216 `), lacks("KIN 341"))},
		{"search finds the number", "GET", "/search/courses/161", 200, jsonUTF8, all(prefix(`[{"title":"CS 161 `), has(`"score":0.6}]`))},
		{"search decodes its parameter", "GET", "/search/courses/plant%20nutrition", 200, jsonUTF8, prefix(`[{"title":"HORT 316 PLANT NUTRITION",`)},
		{"unknown route", "GET", "/courses/CS/161/x", 404, "application/json", nil},
		{"empty search", "GET", "/search/courses/", 404, "application/json", nil},
		{"empty segment", "GET", "/courses//161", 404, "application/json", nil},
		{"two trailing slashes", "GET", "/courses//", 404, "application/json", nil},
		{"search of nothing else", "GET", "/search/people/x", 404, "application/json", nil},
		{"POST", "POST", "/courses", 404, "application/json", nil},
		{"HEAD", "HEAD", "/subjects", 200, jsonUTF8, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := do(t, tt.method, tt.target, nil)
			got := body(t, resp)
			if resp.StatusCode != tt.wantStatus || resp.Header.Get("Content-Type") != tt.wantType {
				t.Errorf("%s %s = %d %q, want %d %q", tt.method, tt.target, resp.StatusCode, resp.Header.Get("Content-Type"), tt.wantStatus, tt.wantType)
			}
			if (tt.check == nil && got != "") || (tt.check != nil && !tt.check(got)) {
				t.Errorf("%s %s body = %.300s", tt.method, tt.target, got)
			}
			if v := resp.Header.Get("Access-Control-Allow-Origin"); v != "*" {
				t.Errorf("%s %s Access-Control-Allow-Origin = %q, want *", tt.method, tt.target, v)
			}
		})
	}
}

func equals(want string) func(string) bool { return func(s string) bool { return s == want } }
func prefix(want string) func(string) bool {
	return func(s string) bool { return strings.HasPrefix(s, want) }
}
func has(want string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, want) }
}
func lacks(want string) func(string) bool {
	return func(s string) bool { return !strings.Contains(s, want) }
}
func all(checks ...func(string) bool) func(string) bool {
	return func(s string) bool {
		for _, c := range checks {
			if !c(s) {
				return false
			}
		}
		return true
	}
}

func TestPreflight(t *testing.T) {
	resp := do(t, "OPTIONS", "/courses", nil)
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Methods") == "" {
		t.Errorf("OPTIONS /courses = %d %v, want 204 with Access-Control-Allow-Methods", resp.StatusCode, resp.Header)
	}
}

func TestGzip(t *testing.T) {
	gz := http.Header{"Accept-Encoding": {"gzip, deflate"}}
	resp := do(t, "GET", "/courses", gz)
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET /courses Content-Encoding = %q, want gzip", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if want := body(t, do(t, "GET", "/courses", nil)); string(plain) != want {
		t.Errorf("gunzipped GET /courses differs from the plain answer")
	}
	if small := do(t, "GET", "/subjects", gz); small.Header.Get("Content-Encoding") != "" {
		t.Errorf("GET /subjects is gzipped, want bodies under 1 KiB plain")
	}
	if no := do(t, "GET", "/courses", http.Header{"Accept-Encoding": {"gzip;q=0"}}); no.Header.Get("Content-Encoding") != "" {
		t.Errorf("GET /courses with gzip;q=0 is gzipped")
	}
}

func TestETag(t *testing.T) {
	first := do(t, "GET", "/subjects", nil)
	etag := first.Header.Get("ETag")
	if !strings.HasPrefix(etag, `W/"`) {
		t.Fatalf("ETag = %q, want a weak ETag", etag)
	}
	again := do(t, "GET", "/subjects", http.Header{"If-None-Match": {etag}})
	if again.StatusCode != http.StatusNotModified || body(t, again) != "" {
		t.Errorf("GET /subjects with If-None-Match = %d, want 304 and no body", again.StatusCode)
	}
	if other := do(t, "GET", "/subjects", http.Header{"If-None-Match": {`W/"0-x"`}}); other.StatusCode != http.StatusOK {
		t.Errorf("GET /subjects with another ETag = %d, want 200", other.StatusCode)
	}
}

// TestSearchRanking reproduces the real answers for "nutrition" (reference
// facts §1.6): best first, ties by subject and number.
func TestSearchRanking(t *testing.T) {
	var hits []struct {
		Title string  `json:"title"`
		Score float64 `json:"score"`
	}
	if err := json.Unmarshal([]byte(body(t, do(t, "GET", "/search/courses/nutrition", nil))), &hits); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		title string
		score float64
	}{
		{"HORT 316 PLANT NUTRITION", 0.625},
		{"KIN 341 NUTRITION FOR EXERCISE", 0.625},
		{"NUTR 240 HUMAN NUTRITION", 0.625},
		{"ANS 311 PRINCIPLES OF ANIMAL NUTRITION", 0.6},
		{"NUTR 312 NUTRITIONAL PROBLEMS OF THE WORLD", 0.6},
		{"NUTR 430 MEDICAL NUTRITION THERAPY I", 0.6},
		{"ANS 420 ADVANCED TOPICS IN ANIMAL NUTRITION", 0.5833333333333334},
		{"NUTR 439 NUTRITION AND FOOD SERVICE SYSTEMS MANAGEMENT", 0.5714285714285714},
		{"ANS 436 COMPANION ANIMAL NUTRITION AND PET FOOD REGULATION", 0.5625},
	}
	if len(hits) != len(want) {
		t.Fatalf("GET /search/courses/nutrition = %d hits, want %d", len(hits), len(want))
	}
	for i, w := range want {
		if hits[i].Title != w.title || hits[i].Score != w.score {
			t.Errorf("hit %d = %q %v, want %q %v", i, hits[i].Title, hits[i].Score, w.title, w.score)
		}
	}
}

func TestSearchLimit(t *testing.T) {
	var courses bytes.Buffer
	courses.WriteString("[")
	for i := range 150 {
		if i > 0 {
			courses.WriteString(",")
		}
		// Titles of 3 to 4 tokens: the shorter ones score higher.
		title := "MUSIC APPRECIATION"
		if i%2 == 1 {
			title = "MUSIC HISTORY APPRECIATION"
		}
		courses.WriteString(`{"title":"MUS ` + title + `","subjectCode":"MUS","courseNumber":` + strings.Repeat("1", 1+i%3) + `}`)
	}
	courses.WriteString("]")
	c, err := New(courses.Bytes(), []byte("[]"))
	if err != nil {
		t.Fatal(err)
	}
	hits := c.searchCourses("music")
	if len(hits) != maxHits {
		t.Fatalf("searchCourses(music) = %d hits, want %d", len(hits), maxHits)
	}
	first, last := string(hits[0].get("score")), string(hits[maxHits-1].get("score"))
	if first != "0.6666666666666666" || last != "0.625" {
		t.Errorf("scores from %s to %s, want from 0.6666666666666666 to 0.625", first, last)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct{ name, courses, buildings string }{
		{"not JSON", `[`, `[]`},
		{"not objects", `[1]`, `[]`},
		{"no title", `[{"subjectCode":"CS","courseNumber":1}]`, `[]`},
		{"number as string", `[{"title":"X","subjectCode":"CS","courseNumber":"1"}]`, `[]`},
		{"buildings not an array", `[]`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := New([]byte(tt.courses), []byte(tt.buildings)); err == nil {
				t.Errorf("New(%s, %s) = nil error, want one", tt.courses, tt.buildings)
			}
		})
	}
}
