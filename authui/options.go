package authui

import (
	"io/fs"
	"strings"
)

// Option configures [Handler].
type Option func(*config)

type config struct {
	appName     string
	afterSignIn string
	prefix      string
	templates   fs.FS
	languages   []string
	messages    map[string]map[string]string
}

func newConfig(opts []Option) *config {
	c := &config{appName: "", afterSignIn: "", languages: []string{"en", "de"}, messages: map[string]map[string]string{}}
	for _, o := range opts {
		o(c)
	}
	c.prefix = strings.TrimSuffix(c.prefix, "/")
	if c.afterSignIn == "" {
		c.afterSignIn = c.prefix + "/account"
	}
	return c
}

// AppName sets the name the pages show in their header and titles. The
// default is the catalog's "app.name" message ("Account").
func AppName(name string) Option { return func(c *config) { c.appName = name } }

// AfterSignIn sets the page a browser goes to after signing in when the
// sign-in page was not opened with a next parameter the core's redirect
// check allows ([auth.Auth.RedirectTarget]). The default is the account
// page.
func AfterSignIn(path string) Option { return func(c *config) { c.afterSignIn = path } }

// Prefix sets the path the pages are served under, such as "/account"
// (its pages then are "/account/sign-in" ...). Mount the handler there,
// and point the email plugin's links at it (email.WithLinkBase), since
// they open "/verify-email" and "/reset-password" under it. The default
// is "", the pages at the root of the site.
func Prefix(p string) Option { return func(c *config) { c.prefix = p } }

// Templates replaces the embedded templates and static files with those
// of fsys that have the same path: "templates/layout.html",
// "templates/sign-in.html", "static/authui.css" ... Every file of fsys
// must replace one; [Handler] checks that each parses and defines what the
// pages call, and reports every problem at once.
func Templates(fsys fs.FS) Option { return func(c *config) { c.templates = fsys } }

// Languages sets the languages the pages are offered in, by BCP 47
// primary tag, the default first: a browser gets the first of its
// Accept-Language that is offered, else the default. The default is
// "en", "de". Each must have a complete catalog, built in or given by
// [Messages].
func Languages(tags ...string) Option { return func(c *config) { c.languages = tags } }

// Messages adds messages to the catalog of a language, replacing built-in
// ones of the same key, or makes the catalog of a new language, which
// must then hold every key ([DefaultMessages] lists them). Keys that no
// page uses are refused, so that a typo cannot go unseen.
func Messages(lang string, msgs map[string]string) Option {
	return func(c *config) {
		m := c.messages[lang]
		if m == nil {
			m = map[string]string{}
			c.messages[lang] = m
		}
		for k, v := range msgs {
			m[k] = v
		}
	}
}
