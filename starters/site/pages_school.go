package site

import (
	"context"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/school/schooldemo"
)

// schoolData is what the school sign-in page shows: with the in-process
// demo school, its demo account.
type schoolData struct {
	Demo                   bool
	DemoUser, DemoPassword string
}

func (app *App) schoolView(r *http.Request) view {
	d := schoolData{Demo: app.demoSchool}
	if d.Demo {
		d.DemoUser, d.DemoPassword = schooldemo.DemoUserID, schooldemo.DemoPassword
	}
	return view{Title: "Sign in with your school account", Data: d}
}

func (app *App) schoolPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "school", app.schoolView(r))
}

// schoolSignIn signs in with a school account, replacing any session the
// browser had: it never links the account to whoever was signed in.
func (app *App) schoolSignIn(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	res, err := app.school.SignIn(r.Context(), f.Get("userId"), auth.NewSecret(f.Get("password")))
	if err != nil {
		v := app.schoolView(r)
		v.Form = keep(f, "userId")
		app.fail(w, r, "school", v, err)
		return
	}
	authhttp.SetSessionCookie(w, r, app.auth, res.Session, res.Token)
	seeOther(w, r, "/account?done=school")
}

// linkSchool links a school account to the signed-in person, who needs a
// fresh session.
func (app *App) linkSchool(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=school-linked", app.school.Link(ctx, f.Get("userId"), auth.NewSecret(f.Get("password")))
	})
}
