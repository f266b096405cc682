package echoauth

import (
	"fmt"
	"net/url"
)

// Option configures [RequireUser].
type Option func(*config)

type config struct {
	redirectTo *url.URL
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// RedirectTo makes [RequireUser] redirect callers who are not signed in to
// path, a page such as "/sign-in", adding the path and query they asked for
// as the next parameter: "/sign-in?next=%2Faccount". The page that reads
// next must check that it is a local path before sending anyone there. A
// caller whose session a session check blocks is signed in, and gets the
// check's refusal instead; the page that completes the task finds the
// session with [BlockedSession]. It
// panics when path is empty or is not a URL reference.
func RedirectTo(path string) Option {
	u, err := url.Parse(path)
	if path == "" || err != nil {
		panic(fmt.Sprintf("echoauth: RedirectTo(%q): not a path", path))
	}
	return func(c *config) { c.redirectTo = u }
}
