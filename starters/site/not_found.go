package site

import (
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// APIPrefix is the path the site's JSON routes are served under.
const APIPrefix = "/api"

// NotFound answers the requests no route takes, in place of the
// framework's own bare 404 (which differs from one framework to the
// next): 404 with the site's page, or under [APIPrefix] and [AuthPrefix]
// with the JSON error body the routes there answer with,
// {"error":{"code":"not_found",...}}. Register it as the framework's
// catch-all, behind the session middleware so that the page shows who is
// signed in: gin's NoRoute, echo's RouteNotFound("/*"), a last app.Use on
// fiber; [App.Handler] does so for net/http.
func (app *App) NotFound() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if under(r.URL.Path, APIPrefix) || under(r.URL.Path, AuthPrefix) {
			authhttp.WriteError(w, auth.ErrNotFound)
			return
		}
		app.render(w, r, http.StatusNotFound, "not-found", view{Title: "Page not found"})
	})
}

// under reports whether path is prefix or a path below it.
func under(path, prefix string) bool {
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}
