package handoff

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/internal/linkpage"
)

// LinkPath is the path, on the base URL's origin, where a host mounts
// [Plugin.ReceivePage]: a starting app opens {origin}/handoff?token=...
// in the browser it hands its session to.
const LinkPath = "/handoff"

// ReceivePage returns the page a browser receiving a handoff opens, for
// the host to mount at [LinkPath]:
//
//	mux.Handle(handoff.LinkPath, ho.ReceivePage())
//
// A GET shows a button and changes nothing, so that a link preview that
// fetches the address uses nothing up; the button posts the token back
// (a form: no JavaScript needed), which redeems it through
// [Plugin.Redeem], with the request's client, origin check and rate
// limits, sets the session cookie and sends the browser to the handoff's
// return address, or to the base URL's origin. The page sends no code
// verifier: a handoff started with a code challenge is redeemed by the
// client that holds the verifier, through POST /handoff/redeem.
func (p *Plugin) ReceivePage() http.Handler { return p.page }

func (p *Plugin) newPage() *linkpage.Page {
	return &linkpage.Page{Plugin: "handoff", Auth: func() *auth.Auth { return p.a }, Button: "Continue signed in",
		Incomplete: "This link is incomplete. Start again from the app.",
		Used:       "This link was used already or has expired. Start again from the app.",
		Dead:       []*auth.Error{ErrInvalidCodeVerifier},
		Confirm: func(w http.ResponseWriter, r *http.Request, token auth.Secret) (string, string, error) {
			res, err := p.Redeem(r.Context(), RedeemRequest{Token: token})
			if err != nil {
				return "", "", err
			}
			authhttp.SetSessionCookie(w, r, p.a, res.Session, res.Token)
			if res.ReturnTo != "" {
				return res.ReturnTo, "", nil
			}
			u := p.a.BaseURL()
			return u.Scheme + "://" + u.Host + "/", "", nil
		}}
}
