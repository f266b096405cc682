package site

import (
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/authhttp"
)

// SignInPath is the sign-in page, where pages for signed-in people send
// the others.
const SignInPath = "/sign-in"

// Route is one page or JSON route of the site. Paths are exact and carry
// no parameters (pages read the query string), so that every framework
// registers them as they are.
type Route struct {
	// Method is GET or POST.
	Method string
	// Path is the exact path, such as "/account".
	Path string
	// Handler serves the route. It needs the session middleware in front
	// of it (authhttp.Middleware, or an adapter's Middleware).
	Handler http.Handler
	// SignedIn marks a route for signed-in people only: put it behind the
	// adapter's RequireUser with RedirectTo([SignInPath]).
	SignedIn bool
}

// Routes returns the site's pages and JSON routes. The auth routes are
// served apart, under [AuthPrefix].
func (app *App) Routes() []Route {
	get, post := http.MethodGet, http.MethodPost
	h := func(method, path string, f http.HandlerFunc) Route { return Route{method, path, f, false} }
	account := func(method, path string, f http.HandlerFunc) Route { return Route{method, path, f, true} }
	return []Route{
		h(get, "/", app.home),
		h(get, "/sign-up", app.signUpPage),
		h(post, "/sign-up", app.signUp),
		h(get, SignInPath, app.signInPage),
		h(post, SignInPath, app.signIn),
		h(post, "/sign-out", app.signOut),
		h(get, "/verify-email", app.verifyPage),
		h(post, "/verify-email", app.verify),
		h(post, "/verify-email/resend", app.resend),
		h(get, "/change-email/undo", app.undoPage),
		h(post, "/change-email/undo", app.undo),
		h(get, "/forgot-password", app.forgotPage),
		h(post, "/forgot-password", app.forgot),
		h(get, "/reset-password", app.resetPage),
		h(post, "/reset-password", app.reset),
		h(get, "/school/sign-in", app.schoolPage),
		h(post, "/school/sign-in", app.schoolSignIn),
		account(get, "/account", app.accountPage),
		account(post, "/account/sessions/revoke", app.revokeSession),
		account(post, "/account/sessions/revoke-others", app.revokeOthers),
		account(post, "/account/password", app.changePassword),
		account(post, "/account/email", app.changeEmail),
		account(post, "/account/addresses/add", app.addAddress),
		account(post, "/account/addresses/remove", app.removeAddress),
		account(post, "/account/addresses/primary", app.makePrimary),
		account(post, "/account/school/link", app.linkSchool),
		h(get, "/courses", app.coursesPage),
		h(get, "/course", app.coursePage),
		h(get, "/buildings", app.buildingsPage),
		h(get, APIPrefix+"/courses", app.apiCourses),
		h(get, APIPrefix+"/course", app.apiCourse),
		h(get, APIPrefix+"/buildings", app.apiBuildings),
	}
}

// Handler returns the whole site for net/http: the auth routes under
// [AuthPrefix], the pages, [App.NotFound] for every other request, and
// authhttp.Middleware in front. It is the
// reference wiring the framework starters follow, and serves net/http
// and chi apps as it is.
func (app *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle(AuthPrefix+"/", authhttp.Handler(app.auth, authhttp.Prefix(AuthPrefix)))
	for _, rt := range app.Routes() {
		h, path := rt.Handler, rt.Path
		if rt.SignedIn {
			h = requireUser(h)
		}
		if path == "/" {
			path = "/{$}" // exactly the home page, not every path
		}
		mux.Handle(rt.Method+" "+path, h)
	}
	mux.Handle("/", app.NotFound()) // every other path, and the routes' paths with other methods
	return authhttp.Middleware(app.auth)(mux)
}

// requireUser sends people who are not signed in to the sign-in page, as
// the adapters' RequireUser(RedirectTo(SignInPath)) does; a session that a
// session check blocks gets the check's refusal, as there.
func requireUser(next http.Handler) http.Handler {
	refuse := authhttp.RequireUser(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, _, blocked := authhttp.BlockedSessionFrom(r); blocked != nil {
			refuse.ServeHTTP(w, r)
			return
		}
		if _, ok := authhttp.UserFrom(r); !ok {
			http.Redirect(w, r, SignInPath+"?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
			return
		}
		next.ServeHTTP(w, r)
	})
}
