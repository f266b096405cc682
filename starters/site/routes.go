package site

import (
	"cmp"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
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
	// Page is, for a POST route, the page that holds its form, such as
	// "/account" for "/account/password": where a person sent to sign in
	// from the form comes back to, since the browser comes back with a
	// GET. Empty for GET routes.
	Page string
}

// Routes returns the site's pages, shared by every starter. The auth
// routes are served apart, under [AuthPrefix], and the JSON routes under
// [APIPrefix] are each starter's own, written as handlers of its
// framework on [App.SearchCourses], [App.Course], [App.SearchBuildings]
// and [MeOf].
func (app *App) Routes() []Route {
	get, post := http.MethodGet, http.MethodPost
	h := func(method, path string, f http.HandlerFunc) Route {
		r := Route{Method: method, Path: path, Handler: f}
		if method == post {
			r.Page = path // the forms of these pages post to the page's own path...
		}
		return r
	}
	account := func(method, path string, f http.HandlerFunc) Route {
		r := Route{Method: method, Path: path, Handler: f, SignedIn: true}
		if method == post {
			r.Page = "/account" // ...and those of the account page under it
		}
		return r
	}
	admin := func(method, path string, f http.HandlerFunc) Route {
		r := Route{Method: method, Path: path, Handler: f, SignedIn: true}
		if method == post {
			r.Page = AdminPath // the forms of a person's page come back to the list
		}
		return r
	}
	// The pages that links of the magic-link and email-code messages
	// open are the plugins' own.
	confirm := func(method, path string, page http.Handler) Route {
		r := Route{Method: method, Path: path, Handler: page}
		if method == post {
			r.Page = path
		}
		return r
	}
	orgs := func(method, path string, f http.HandlerFunc) Route {
		r := Route{Method: method, Path: path, Handler: f, SignedIn: true}
		if method == post {
			r.Page = OrganizationsPath
		}
		return r
	}
	return []Route{
		h(get, "/", app.home),
		h(get, "/sign-up", app.signUpPage),
		h(post, "/sign-up", app.signUp),
		h(get, SignInPath, app.signInPage),
		h(post, SignInPath, app.signIn),
		form(h(post, "/sign-in/link", app.sendMagicLink), SignInPath),
		form(h(post, "/sign-in/code/start", app.startEmailCode), SignInPath),
		h(get, EmailCodePath, app.emailCodePage),
		h(post, EmailCodePath, app.enterEmailCode),
		confirm(get, magiclink.LinkPath, app.magicLink.ConfirmPage()),
		confirm(post, magiclink.LinkPath, app.magicLink.ConfirmPage()),
		confirm(get, emailchallenge.LinkPath, app.emailCode.ConfirmPage()),
		confirm(post, emailchallenge.LinkPath, app.emailCode.ConfirmPage()),
		h(get, SecondFactorPath, app.secondFactorPage),
		h(post, SecondFactorPath, app.verifySecondFactor),
		h(get, ScriptPath, app.script),
		form(h(post, "/sign-out", app.signOut), "/"),
		h(get, "/verify-email", app.verifyPage),
		h(post, "/verify-email", app.verify),
		form(h(post, "/verify-email/resend", app.resend), "/verify-email"),
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
		account(post, "/account/two-factor/enrol", app.enrolTOTP),
		account(post, "/account/two-factor/confirm", app.confirmTOTP),
		account(post, "/account/two-factor/remove", app.removeFactor),
		account(post, "/account/two-factor/recovery-codes", app.newRecoveryCodes),
		account(post, "/account/passkeys/rename", app.renamePasskey),
		account(post, "/account/passkeys/remove", app.removePasskey),
		admin(get, AdminPath, app.adminPage),
		admin(get, AdminPath+"/user", app.adminUserPage),
		admin(post, AdminPath+"/ban", app.adminAction("banned", app.ban)),
		admin(post, AdminPath+"/unban", app.adminAction("unbanned", app.unban)),
		admin(post, AdminPath+"/revoke-sessions", app.adminAction("user-sessions-revoked", app.revokeUserSessions)),
		admin(post, AdminPath+"/impersonate", app.impersonate),
		form(h(post, AdminPath+"/stop-impersonating", app.stopImpersonating), "/account"),
		orgs(get, OrganizationsPath, app.organizationsPage),
		orgs(post, OrganizationsPath+"/create", app.createOrganization),
		orgs(post, OrganizationsPath+"/invite", app.inviteMember),
		orgs(post, OrganizationsPath+"/active", app.setActiveOrganization),
		orgs(get, AcceptInvitationPath, app.acceptPage),
		form(orgs(post, AcceptInvitationPath, app.acceptInvitation), AcceptInvitationPath),
		h(get, "/courses", app.coursesPage),
		h(get, "/course", app.coursePage),
		h(get, "/buildings", app.buildingsPage),
	}
}

// Handler returns the whole site for net/http: the auth routes under
// [AuthPrefix], the pages, the JSON routes under [APIPrefix] (GET /api/me
// behind authhttp.RequireUser), [App.NotFound] for every other request,
// and in front authhttp.Middleware, then the redirection of sessions that
// wait for their second factor ([App.SecondFactorRedirect]). It is the reference wiring the
// framework starters follow, and serves net/http and chi apps as it is.
func (app *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle(AuthPrefix+"/", authhttp.Handler(app.auth, authhttp.Prefix(AuthPrefix)))
	for _, rt := range app.Routes() {
		h, path := rt.Handler, rt.Path
		if rt.SignedIn {
			h = app.requireUser(h)
		}
		if path == "/" {
			path = "/{$}" // exactly the home page, not every path
		}
		mux.Handle(rt.Method+" "+path, h)
	}
	for _, rt := range app.apiRoutes() {
		h := rt.Handler
		if rt.SignedIn {
			h = authhttp.RequireUser(h) // 401 no_session in JSON, not a redirect
		}
		mux.Handle(rt.Method+" "+rt.Path, h)
	}
	mux.Handle("/", app.NotFound()) // every other path, and the routes' paths with other methods
	return authhttp.Middleware(app.auth)(app.secondFactorGate(mux))
}

// requireUser sends people who are not signed in to the sign-in page, as
// the adapters' RequireUser(RedirectTo(SignInPath)) does, but with the
// page of the form as next parameter when they posted one; a session that
// a session check blocks gets the check's refusal, as there.
func (app *App) requireUser(next http.Handler) http.Handler {
	refuse := authhttp.RequireUser(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, _, blocked := authhttp.BlockedSessionFrom(r); blocked != nil {
			refuse.ServeHTTP(w, r)
			return
		}
		if _, ok := authhttp.UserFrom(r); !ok {
			http.Redirect(w, r, SignInPath+"?next="+url.QueryEscape(app.pageOf(r)), http.StatusSeeOther)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// form sets the page that holds the form of a POST route.
func form(rt Route, page string) Route {
	rt.Page = page
	return rt
}

// formPages maps the path of each POST-only route to the page that holds
// its form ("/" when it says none), so that no next parameter sends the
// browser, which comes back with a GET, to a route that only takes POST.
func formPages(routes []Route) map[string]string {
	gets := map[string]bool{}
	for _, rt := range routes {
		if rt.Method == http.MethodGet {
			gets[rt.Path] = true
		}
	}
	pages := map[string]string{}
	for _, rt := range routes {
		if rt.Method != http.MethodGet && !gets[rt.Path] {
			pages[rt.Path] = cmp.Or(rt.Page, "/")
		}
	}
	return pages
}

// comeBack returns the page to come back to after signing in for a next
// parameter: the page that holds the form of a POST-only route, and next
// itself otherwise. The adapters' RequireUser sends the path a form was
// posted to ("/account/password"), which the browser would GET.
func (app *App) comeBack(next string) string {
	u, err := url.Parse(next)
	if err != nil {
		return next // nextPage refuses it
	}
	if page, ok := app.forms[u.Path]; ok {
		return page
	}
	return next
}

// pageOf returns the page a request was made from, to come back to: the
// request itself for a GET, the page that holds the form of a POST.
func (app *App) pageOf(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return r.URL.RequestURI()
	}
	return app.comeBack(r.URL.Path)
}
