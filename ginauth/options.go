package ginauth

import (
	"fmt"
	"net/url"
)

// Option configures [RequireUser].
type Option func(*config)

type config struct {
	redirect *url.URL // nil: answer 401
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RedirectTo makes [RequireUser] redirect callers who are not signed in to
// path, a page of this site such as "/sign-in", with the path and query
// they asked for in the next parameter: "/sign-in?next=%2Faccount". A
// caller whose session a session check blocks is signed in, and gets the
// check's refusal instead; the page that completes the task finds the
// session with [BlockedSession]. It
// answers 302 Found to GET and HEAD, and 303 See Other to other methods so
// that the browser follows with a GET. It panics when path is not a path
// of this site, since that is a wiring mistake.
func RedirectTo(path string) Option {
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" || len(path) == 0 || path[0] != '/' || len(path) > 1 && (path[1] == '/' || path[1] == '\\') {
		panic(fmt.Sprintf("ginauth: RedirectTo(%q): want a path of this site, such as /sign-in", path))
	}
	return func(c *config) { c.redirect = u }
}
