package authui

import (
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// Sign-in by a link mailed to the address, with the magiclink plugin: a
// form asks for the address, and the link opens a page whose form posts
// its token, so that opening the link (or a mail scanner fetching it)
// uses nothing up.

// magicLinkPath is the path of the link's page under the prefix: the
// plugin builds links to {link base}/magic-link.
const magicLinkPath = magiclink.LinkPath

func (u *ui) sendMagicLink(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	in := magiclink.SendRequest{Email: f.Get("email"), ReturnTo: u.returnTo(next)}
	if err := u.ml.Send(r.Context(), in); err != nil {
		return outcome{err: err, keep: map[string]string{"email": f.Get("email"), "next": next},
			fields: map[string]string{auth.ErrInvalidInput.Code: "email"}}
	}
	// The same answer whether or not the address names anyone.
	return outcome{to: withDone(u.cfg.prefix+pagePath[pageMagicLink], "magic_link_sent")}
}

// magicSignIn uses up the link's token. A sign-in link of a person with
// a second factor gives a pending session, which goes on to the second
// step.
func (u *ui) magicSignIn(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	res, err := u.ml.SignIn(r.Context(), auth.NewSecret(f.Get("token")))
	if err != nil {
		// A used or expired link cannot work again: the page offers a new one.
		return outcome{err: err}
	}
	authhttp.SetSessionCookie(w, r, u.a, res.Session, res.Token)
	return outcome{to: u.afterFirstFactor(res.Session, res.ReturnTo)}
}
