package emailchallenge

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/internal/linkpage"
)

// ConfirmPage returns the page the links open, for the host to mount at
// [LinkPath] on the link base's origin:
//
//	mux.Handle("/email-challenge", ec.ConfirmPage())
//
// A GET shows a button and changes nothing (mail scanners fetch links).
// The button posts the token back to the page, which completes the
// challenge through [Plugin.Approve]. In the browser that started the
// challenge, that signs in and redirects to the return address; in any
// other (the phone that opened the mail) it signs nobody in and says to
// return to the other window, which its next status call signs in. The
// page runs authhttp.Middleware itself unless the host's already did.
func (p *Plugin) ConfirmPage() http.Handler { return p.page }

// newPage returns the plugin's confirm page.
func (p *Plugin) newPage() *linkpage.Page {
	return &linkpage.Page{Plugin: "emailchallenge", Auth: func() *auth.Auth { return p.a }, Button: "Confirm sign-in",
		Incomplete: "This link is incomplete.",
		Used:       "This link was used already, or the code was, or it has expired. Start again if you are not signed in.",
		Dead:       []*auth.Error{ErrChallengeInvalid},
		Confirm: func(w http.ResponseWriter, r *http.Request, token auth.Secret) (string, string, error) {
			res, err := p.Approve(r.Context(), token)
			if err != nil {
				return "", "", err
			}
			if res.Status != StatusSignedIn {
				return "", "Done: return to the window where you asked to sign in. It is signed in now; this one is not.", nil
			}
			authhttp.SetSessionCookie(w, r, p.a, res.Session, res.Token)
			http.SetCookie(w, p.cookie("", -1))
			if res.ReturnTo != "" {
				return res.ReturnTo, "", nil
			}
			return p.cfg.linkBase + "/", "", nil
		}}
}
