package site

import (
	"net/http"

	"github.com/sesame-go/sesame/lookup"
)

// The course catalog pages: title search, a course with its sections, and
// building search. Anyone may use them.

// maxHits is how many search hits a page or JSON answer shows.
const maxHits = 50

// searchData is the data of the course and building search pages.
type searchData struct {
	Query     string
	Courses   []lookup.CourseHit
	Buildings []lookup.BuildingHit
}

func (app *App) coursesPage(w http.ResponseWriter, r *http.Request) {
	d := searchData{Query: r.URL.Query().Get("q")}
	v := view{Title: "Courses", Data: &d}
	if d.Query == "" {
		app.render(w, r, http.StatusOK, "courses", v)
		return
	}
	hits, err := app.courses.SearchCourses(r.Context(), d.Query)
	if err != nil {
		app.catalogFailed(w, r, "courses", v, err)
		return
	}
	d.Courses = hits[:min(len(hits), maxHits)]
	app.render(w, r, http.StatusOK, "courses", v)
}

func (app *App) buildingsPage(w http.ResponseWriter, r *http.Request) {
	d := searchData{Query: r.URL.Query().Get("q")}
	v := view{Title: "Buildings", Data: &d}
	if d.Query == "" {
		app.render(w, r, http.StatusOK, "buildings", v)
		return
	}
	hits, err := app.courses.SearchBuildings(r.Context(), d.Query)
	if err != nil {
		app.catalogFailed(w, r, "buildings", v, err)
		return
	}
	d.Buildings = hits[:min(len(hits), maxHits)]
	app.render(w, r, http.StatusOK, "buildings", v)
}

// courseData is a course with its sections' meetings and buildings.
type courseData struct {
	Course   *lookup.Course
	Sections []sectionData
}

type sectionData struct {
	lookup.Section
	Meetings []meetingData
}

type meetingData struct {
	lookup.MeetingTime
	// Building is the name of the building, when the catalog knows it.
	Building string
}

func (app *App) coursePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	course, err := app.courses.Course(r.Context(), q.Get("subject"), q.Get("number"))
	if err != nil {
		app.catalogFailed(w, r, "course", view{Title: "Course"}, err)
		return
	}
	names := map[string]string{}
	// The building list is cached for an hour: one request per hour at most.
	if buildings, err := app.courses.Buildings(r.Context()); err != nil {
		app.log.WarnContext(r.Context(), "site: building names are missing", "err", err)
	} else {
		for _, b := range buildings {
			if b.Abbr != "" {
				names[b.Abbr] = b.Name
			}
		}
	}
	d := courseData{Course: course}
	for _, sec := range course.Sections {
		sd := sectionData{Section: sec}
		for _, m := range sec.MeetingTimes {
			sd.Meetings = append(sd.Meetings, meetingData{MeetingTime: m, Building: names[m.BuildingCode]})
		}
		d.Sections = append(d.Sections, sd)
	}
	app.render(w, r, http.StatusOK, "course", view{Title: course.Title, Data: d})
}

// catalogFailed shows a catalog error on a page: the caller's mistakes
// by what they were, the service's failures (logged) with no detail.
func (app *App) catalogFailed(w http.ResponseWriter, r *http.Request, name string, v view, err error) {
	e := app.APIError(r.Context(), err)
	v.Error = e.Message
	app.render(w, r, e.Status, name, v)
}
