package site

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/lookup"
)

// The JSON routes under [APIPrefix]. Each starter writes them as handlers
// of its framework, calling the services below; the handlers here serve
// them for net/http in [App.Handler]. Errors answer as the auth routes
// do, {"error":{"code":"...","message":"..."}}, through [App.APIError].

// ErrCatalogUnavailable is the answer of the JSON course routes when the
// course catalog fails: 502 catalog_unavailable, with no detail.
var ErrCatalogUnavailable = auth.NewError("catalog_unavailable", http.StatusBadGateway,
	"the course catalog is unavailable right now: try again later")

// CourseSummary is a course search hit of GET /api/courses.
type CourseSummary struct {
	Title        string  `json:"title"`
	SubjectCode  string  `json:"subjectCode"`
	CourseNumber int     `json:"courseNumber"`
	Credits      string  `json:"credits"`
	Sections     int     `json:"sections"`
	Score        float64 `json:"score"`
}

// CourseList is the answer of GET /api/courses?q=words.
type CourseList struct {
	// Courses are the hits, best first.
	Courses []CourseSummary `json:"courses"`
}

// BuildingList is the answer of GET /api/buildings?q=words.
type BuildingList struct {
	Buildings []lookup.BuildingHit `json:"buildings"`
}

// Me is the answer of GET /api/me: the signed-in person.
type Me struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// MeOf returns the answer of GET /api/me for u.
func MeOf(u *auth.User) Me {
	return Me{ID: u.ID, Name: u.Name, Email: primaryEmail(u)}
}

// SearchCourses searches the course titles for q: the answer of GET
// /api/courses. Pass its error to [App.APIError].
func (app *App) SearchCourses(ctx context.Context, q string) (*CourseList, error) {
	hits, err := app.courses.SearchCourses(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]CourseSummary, 0, min(len(hits), maxHits))
	for _, h := range hits[:min(len(hits), maxHits)] {
		out = append(out, CourseSummary{Title: h.Title, SubjectCode: h.SubjectCode, CourseNumber: h.CourseNumber,
			Credits: h.Credits.String(), Sections: len(h.Sections), Score: h.Score})
	}
	return &CourseList{Courses: out}, nil
}

// Course returns a course with its sections, such as subject "CS" and
// number "161": the answer of GET /api/course. Pass its error to
// [App.APIError].
func (app *App) Course(ctx context.Context, subject, number string) (*lookup.Course, error) {
	return app.courses.Course(ctx, subject, number)
}

// SearchBuildings searches the buildings for q: the answer of GET
// /api/buildings. Pass its error to [App.APIError].
func (app *App) SearchBuildings(ctx context.Context, q string) (*BuildingList, error) {
	hits, err := app.courses.SearchBuildings(ctx, q)
	if err != nil {
		return nil, err
	}
	return &BuildingList{Buildings: append([]lookup.BuildingHit{}, hits[:min(len(hits), maxHits)]...)}, nil
}

// APIError returns the JSON error answer of an error of [App.SearchCourses],
// [App.Course] or [App.SearchBuildings]: 400 invalid_input and 404
// not_found for the caller's mistakes, [ErrCatalogUnavailable] (logged)
// for the catalog's failures. Write it with authhttp.WriteError, or
// return it to fiberauth.ErrorHandler.
func (app *App) APIError(ctx context.Context, err error) *auth.Error {
	switch {
	case errors.Is(err, lookup.ErrInvalid):
		return auth.ErrInvalidInput.With("give a search, or a subject code and a course number")
	case errors.Is(err, lookup.ErrNotFound):
		return auth.ErrNotFound.With("no such course in the catalog")
	}
	app.log.ErrorContext(ctx, "site: the course catalog failed", "err", err)
	return ErrCatalogUnavailable
}

// apiRoutes are the JSON routes for net/http, as the starters write them
// for their frameworks.
func (app *App) apiRoutes() []Route {
	get := func(path string, f http.HandlerFunc) Route {
		return Route{Method: http.MethodGet, Path: APIPrefix + path, Handler: f}
	}
	return []Route{
		get("/courses", app.apiCourses),
		get("/course", app.apiCourse),
		get("/buildings", app.apiBuildings),
		{Method: http.MethodGet, Path: APIPrefix + "/me", Handler: http.HandlerFunc(app.apiMe), SignedIn: true},
	}
}

func (app *App) apiCourses(w http.ResponseWriter, r *http.Request) {
	list, err := app.SearchCourses(r.Context(), r.URL.Query().Get("q"))
	app.answer(w, r, list, err)
}

func (app *App) apiCourse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	course, err := app.Course(r.Context(), q.Get("subject"), q.Get("number"))
	app.answer(w, r, course, err)
}

func (app *App) apiBuildings(w http.ResponseWriter, r *http.Request) {
	list, err := app.SearchBuildings(r.Context(), r.URL.Query().Get("q"))
	app.answer(w, r, list, err)
}

// apiMe needs authhttp.RequireUser in front of it.
func (app *App) apiMe(w http.ResponseWriter, r *http.Request) {
	u, _ := authhttp.UserFrom(r)
	writeJSON(w, http.StatusOK, MeOf(u))
}

// answer writes v, or the JSON error answer of err.
func (app *App) answer(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		authhttp.WriteError(w, app.APIError(r.Context(), err))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		authhttp.WriteError(w, auth.ErrInternal)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
