package site

import (
	"encoding/json"
	"net/http"

	"github.com/sesame-go/sesame/lookup"
)

// The JSON routes of the course catalog, under /api. Errors answer as the
// auth routes do: {"error":{"code":"...","message":"..."}}.

// CourseSummary is a course search hit of GET /api/courses.
type CourseSummary struct {
	Title        string  `json:"title"`
	SubjectCode  string  `json:"subjectCode"`
	CourseNumber int     `json:"courseNumber"`
	Credits      string  `json:"credits"`
	Sections     int     `json:"sections"`
	Score        float64 `json:"score"`
}

// apiCourses answers GET /api/courses?q=words with {"courses": [...]},
// best first.
func (app *App) apiCourses(w http.ResponseWriter, r *http.Request) {
	hits, err := app.courses.SearchCourses(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		app.apiFailed(w, r, err)
		return
	}
	out := make([]CourseSummary, 0, min(len(hits), maxHits))
	for _, h := range hits[:min(len(hits), maxHits)] {
		out = append(out, CourseSummary{Title: h.Title, SubjectCode: h.SubjectCode, CourseNumber: h.CourseNumber,
			Credits: h.Credits.String(), Sections: len(h.Sections), Score: h.Score})
	}
	writeJSON(w, http.StatusOK, map[string]any{"courses": out})
}

// apiCourse answers GET /api/course?subject=CS&number=161 with the course
// and its sections.
func (app *App) apiCourse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	course, err := app.courses.Course(r.Context(), q.Get("subject"), q.Get("number"))
	if err != nil {
		app.apiFailed(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, course)
}

// apiBuildings answers GET /api/buildings?q=words with {"buildings": [...]}.
func (app *App) apiBuildings(w http.ResponseWriter, r *http.Request) {
	hits, err := app.courses.SearchBuildings(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		app.apiFailed(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"buildings": append([]lookup.BuildingHit{}, hits[:min(len(hits), maxHits)]...)})
}

func (app *App) apiFailed(w http.ResponseWriter, r *http.Request, err error) {
	status, code, msg := app.catalogError(r, err)
	type fields struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	writeJSON(w, status, struct {
		Error fields `json:"error"`
	}{fields{code, msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"internal error"}}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
