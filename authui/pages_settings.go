package authui

import (
	"net/http"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// The account's settings pages (addresses, linked providers) change the
// ways into the account: their operations need a fresh session
// (auth.SessionFresh), a sign-in within the instance's fresh age. The
// pages say so before a form fails, and lead to signing in again, which
// comes back to the page; they never work around it.

// freshness says whether the session is too old for the page's changes,
// and where to sign in again.
type freshness struct {
	Stale       bool
	SignInAgain string
}

// freshness returns the request's freshness for the page at back.
func (u *ui) freshness(r *http.Request, back string) freshness {
	s, ok := authhttp.SessionFrom(r)
	stale := !ok || s.ResolvedBy != "" || u.a.Now().Sub(s.CreatedAt) > u.a.Sessions().FreshAge
	return freshness{Stale: stale, SignInAgain: u.signInAgain(back)}
}

// signInAgain returns the page that signs the person in and then goes
// on to back: the password's, else a mailed link's or code's; with none
// of these, the sign-out page, after which the host's own sign-in does.
func (u *ui) signInAgain(back string) string {
	q := "?next=" + url.QueryEscape(back)
	switch {
	case u.pw != nil:
		return u.cfg.prefix + pagePath[pageSignIn] + q
	case u.ml != nil:
		return u.cfg.prefix + magicLinkPath + q
	case u.ec != nil:
		return u.cfg.prefix + emailCodePath + q
	}
	return u.cfg.prefix + pagePath[pageSignOut]
}

// signInFirstTo is the outcome of a settings form sent without a
// session: signing in, which comes back to the page.
func (u *ui) signInFirstTo(page string) outcome {
	return outcome{err: auth.ErrNoSession, back: u.signInAgain(u.cfg.prefix + pagePath[page])}
}

// settingsData returns the data of a settings page shown in answer to a
// failed POST (the database failed, the origin was refused): what can be
// loaded, else an empty page that shows the error. ok is false for the
// other pages.
func (u *ui) settingsData(r *http.Request, page string) (any, bool) {
	switch page {
	case pageAddresses:
		d, _ := u.addressesData(r)
		return d, true
	case pageProviders:
		d, _ := u.providersData(r)
		return d, true
	case pageProviderLink:
		return providerLinkData{}, true
	}
	return nil, false
}

// settingsSamples are the views the start-up check renders the settings
// pages with: in is signed in, with a notice and errors.
func settingsSamples(page string, in *view, now time.Time) []*view {
	fresh := freshness{Stale: true, SignInAgain: "/sign-in?next=%2Faccount"}
	switch page {
	case pageAddresses:
		in.Data = addressesData{freshness: fresh, Emails: []emailRow{{Address: "a@example.com", Verified: true, Primary: true},
			{Address: "b@example.com", Verified: true}, {Address: "c@example.com"}},
			Phones:  []phoneRow{{Number: "+447700900001", Verified: true}, {Number: "+447700900002"}, {Number: "+447700900003"}},
			Pending: []phoneRow{{Number: "+447700900003"}, {Number: "+447700900002"}}}
		one := *in
		one.Data = addressesData{Pending: []phoneRow{{Number: "+447700900002"}}}
		return []*view{in, &one}
	case pageProviders:
		in.Data = providersData{freshness: fresh, Linked: []linkedRow{{Account: oauth.Account{Provider: "github",
			Subject: "1", Email: "a@example.com", LinkedAt: now}, Label: "GitHub"}},
			Available: []providerRow{{Provider: "google", Label: "Google"}}}
		return []*view{in}
	default:
		in.Data = providerLinkData{Label: "GitHub", URL: "https://github.com/login/oauth/authorize?state=x"}
		return []*view{in}
	}
}
