package authhttp

// UIMethod is implemented by a plugin that offers a way of signing in on
// server-rendered pages (the sign-in page of package authui, or a host's
// own): the pages show each of its buttons, as a form of its own, under
// the password form. Built-in and host plugins implement it alike.
type UIMethod interface {
	// UIButtons returns the plugin's sign-in buttons.
	UIButtons() []UIButton
}

// UIButton is one way of signing in that a page shows as a button: a form
// that sends Fields to Action with Method. Pages check every button at
// start-up: a Name, GET or POST, and an Action that is a path of this
// site (starting with one "/"), never another site's or a script's.
type UIButton struct {
	// Name identifies the button among all the plugins' buttons, such as
	// "oauth.github". A page looks its text up in its message catalog
	// under "method." + Name, so that a host translates it.
	Name string
	// Label is the button's text when the catalog has no message for it.
	Label string
	// Provider is the proper name of the service the button signs in
	// with ("GitHub"), when there is one: a page without a message for
	// the button says "Continue with {Provider}" in its own language
	// rather than Label.
	Provider string
	// Method is http.MethodGet or http.MethodPost.
	Method string
	// Action is the path the form goes to, such as "/auth/oauth/github/start".
	Action string
	// Fields are the form's hidden fields, by name.
	Fields map[string]string
}
