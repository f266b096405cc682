package authui

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// The linked providers page, with the oauth plugin: the person's linked
// provider accounts, unlinked from a fresh session unless it would leave
// no way to sign in, and a form per other provider that starts linking
// it (oauth.link, from a fresh session; the plugin binds the flow to the
// person and to this browser, and refuses a provider account linked to
// someone else at the callback).
//
// The pages' policy allows forms to post to this site only (form-action
// 'self'), which browsers apply to the redirects that follow a form too:
// the link form's answer cannot send the browser on to the provider.
// It goes to a page of this site instead, /account/providers/continue,
// which sends it on by a Refresh header, no script needed, and shows a
// link for a browser that ignores the header. The provider's address
// travels in a cookie of a minute, read once, which only this site sets.

const (
	// pageProviders is the linked providers page.
	pageProviders = "providers"
	providersPath = "/account/providers"
	// pageProviderLink is the page between the link form and the provider.
	pageProviderLink = "provider-link"
)

// callbackErrors are the codes a failed callback of the oauth plugin
// sends the browser back with (?error=, oauth.WithErrorURL): the pages
// show their catalog's message for these, and only these.
var callbackErrors = map[string]bool{
	oauth.ErrInvalidState.Code: true, oauth.ErrAccessDenied.Code: true, oauth.ErrProvider.Code: true,
	oauth.ErrInvalidIDToken.Code: true, oauth.ErrAccountExists.Code: true, oauth.ErrLinkedElsewhere.Code: true,
	oauth.ErrAlreadyLinked.Code: true, oauth.ErrUnknownProvider.Code: true, auth.ErrIdentityTaken.Code: true,
}

// providersData is what the providers page lists.
type providersData struct {
	freshness
	Linked    []linkedRow
	Available []providerRow
}

// linkedRow is a linked provider account, with its provider's name.
type linkedRow struct {
	oauth.Account
	Label string
}

// Who returns what names the account at the provider, for people.
func (l linkedRow) Who() string {
	for _, s := range []string{l.Email, l.Username, l.Name} {
		if s != "" {
			return s
		}
	}
	return l.Subject
}

// providerRow is a provider the person may link.
type providerRow struct{ Provider, Label string }

// providerLinkData is the page that sends the browser on to a provider.
type providerLinkData struct{ Label, URL string }

// onward is what the continue page's cookie carries: the provider and
// the address of its authorization request.
type onward struct{ Provider, URL string }

func (u *ui) providerRoutes(mux *http.ServeMux) {
	if u.oa == nil {
		return
	}
	p := u.cfg.prefix + providersPath
	mux.HandleFunc("GET "+p, u.providersPage)
	mux.HandleFunc("POST "+p+"/link", u.form(pageProviders, u.linkProvider))
	mux.HandleFunc("GET "+p+"/continue", u.providerContinue)
	mux.HandleFunc("POST "+p+"/unlink", u.form(pageProviders, u.unlinkProvider))
}

func (u *ui) providersPage(w http.ResponseWriter, r *http.Request) {
	u.settingsPage(w, r, pageProviders, func(r *http.Request) (any, error) { return u.providersData(r) })
}

// providerLabel returns a provider's name for people: the oauth plugin's
// button's (a preset's proper name), else its configured name.
func (u *ui) providerLabel(name string) string {
	for _, b := range u.oa.UIButtons() {
		if b.Name == "oauth."+name && b.Provider != "" {
			return b.Provider
		}
	}
	return name
}

// providersData loads the person's linked accounts (oauth.accounts) and
// the providers left to link, in the plugin's order.
func (u *ui) providersData(r *http.Request) (providersData, error) {
	d := providersData{freshness: u.freshness(r, u.cfg.prefix+providersPath)}
	accounts, err := u.oa.Accounts(r.Context())
	if err != nil {
		return d, err
	}
	for _, a := range accounts {
		d.Linked = append(d.Linked, linkedRow{Account: a, Label: u.providerLabel(a.Provider)})
	}
	for _, name := range u.oa.Providers() {
		if !slices.ContainsFunc(accounts, func(a oauth.Account) bool { return a.Provider == name }) {
			d.Available = append(d.Available, providerRow{Provider: name, Label: u.providerLabel(name)})
		}
	}
	return d, nil
}

// linkProvider starts linking a provider: the plugin's state, bound to
// the person and, by its cookie, to this browser; the callback comes
// back to the providers page with a notice, or to the plugin's error
// page (oauth.WithErrorURL) with its code.
func (u *ui) linkProvider(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageProviders)
	}
	name := f.Get("provider")
	st, err := u.oa.Link(r.Context(), name, withDone(u.cfg.prefix+providersPath, "providers.linked"))
	if err != nil {
		return outcome{err: err}
	}
	if st.Cookie != nil {
		http.SetCookie(w, st.Cookie)
	}
	http.SetCookie(w, pageCookie(u.a, u.onwardName(), encodeJSON(onward{Provider: name, URL: st.URL}), 60))
	return outcome{to: u.cfg.prefix + providersPath + "/continue"}
}

// providerContinue sends the browser on to the provider whose link the
// form just started, once: the cookie is read and deleted.
func (u *ui) providerContinue(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(u.onwardName())
	if err != nil {
		seeOther(w, u.cfg.prefix+providersPath)
		return
	}
	http.SetCookie(w, pageCookie(u.a, u.onwardName(), "", -1))
	o, ok := decodeOnward(c.Value)
	if !ok || !slices.Contains(u.oa.Providers(), o.Provider) {
		seeOther(w, u.cfg.prefix+providersPath)
		return
	}
	v := u.newView(w, r, pageProviderLink, titles[pageProviderLink])
	v.Data = providerLinkData{Label: u.providerLabel(o.Provider), URL: o.URL}
	w.Header().Set("Refresh", "0; url="+o.URL)
	u.render(w, r, http.StatusOK, pageProviderLink, v)
}

// unlinkProvider removes the person's account of a provider; the plugin
// refuses the last way to sign in.
func (u *ui) unlinkProvider(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageProviders)
	}
	if err := u.oa.Unlink(r.Context(), f.Get("provider")); err != nil {
		return outcome{err: err}
	}
	return outcome{to: withDone(u.cfg.prefix+providersPath, "providers.unlinked")}
}

// onwardName is the name of the cookie that carries the provider's
// address to the continue page.
func (u *ui) onwardName() string { return pageCookieName(u.a, "authui_onward") }

// decodeOnward decodes the cookie, keeping only an absolute http(s)
// address with a host and no user information: never a script.
func decodeOnward(value string) (onward, bool) {
	var o onward
	if !decodeJSON(value, &o) {
		return onward{}, false
	}
	t, err := url.Parse(o.URL)
	if err != nil || (t.Scheme != "https" && t.Scheme != "http") || t.Host == "" || t.User != nil ||
		strings.ContainsAny(o.URL, " \t\r\n;") {
		return onward{}, false
	}
	return o, true
}
