package magiclink

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/internal/linkpage"
)

// ConfirmPage returns the page the links open, for the host to mount at
// [LinkPath] on the link base's origin:
//
//	mux.Handle("/magic-link", ml.ConfirmPage())
//
// A GET shows a button and changes nothing, so that mail scanners and
// link previews that fetch the link neither use it up nor sign anyone
// in. The button posts the token back to the page (a form: no JavaScript
// needed), which signs in through [Plugin.SignIn], with the request's
// client, origin check and rate limits, sets the session cookie, and
// sends the browser to the link's return address, or to the link base's
// origin. The page runs authhttp.Middleware itself unless the host's
// already did. A host with a page of its own serves it at LinkPath
// instead, and posts the token to POST /magic-link/sign-in.
func (p *Plugin) ConfirmPage() http.Handler { return p.page }

// newPage returns the plugin's confirm page.
func (p *Plugin) newPage() *linkpage.Page {
	return &linkpage.Page{Plugin: "magiclink", Auth: func() *auth.Auth { return p.a }, Button: "Sign in",
		Incomplete: "This link is incomplete. Ask for a new one.",
		Used:       "This link was used already or has expired. Ask for a new one.",
		Confirm: func(w http.ResponseWriter, r *http.Request, token auth.Secret) (string, string, error) {
			res, err := p.SignIn(r.Context(), token)
			if err != nil {
				return "", "", err
			}
			authhttp.SetSessionCookie(w, r, p.a, res.Session, res.Token)
			if res.ReturnTo != "" {
				return res.ReturnTo, "", nil
			}
			return p.cfg.linkBase + "/", "", nil
		}}
}
