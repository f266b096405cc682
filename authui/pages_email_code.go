package authui

import (
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
)

// Sign-in by a mailed code or link, with the emailchallenge plugin: the
// browser that asks is bound to its challenge by the plugin's HttpOnly
// cookie; the code is entered in that browser, and the link, opened
// anywhere, signs in only that browser (elsewhere it says to return to
// it, where "I opened the link" finishes the sign-in, no script needed).

// emailCodePath is the page that asks for the address and then the code;
// the plugin's links open emailchallenge.LinkPath.
const emailCodePath = "/email-code"

// emailCodeData says whether the browser waits on a challenge.
type emailCodeData struct{ Waiting bool }

func (u *ui) emailCodePage(w http.ResponseWriter, r *http.Request) {
	v := u.newView(w, r, pageEmailCode, titles[pageEmailCode])
	if tok := r.URL.Query().Get("token"); tok != "" && v.Values["token"] == "" {
		v.Values["token"] = tok
	}
	if v.Values["next"] == "" {
		v.Values["next"] = r.URL.Query().Get("next")
	}
	_, err := r.Cookie(u.ec.CookieName())
	v.Data = emailCodeData{Waiting: err == nil}
	u.render(w, r, http.StatusOK, pageEmailCode, v)
}

// bindingCookie is the plugin's challenge cookie: the binding value, for
// as long as the challenge and its claim live (maxAge -1 deletes it).
func (u *ui) bindingCookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: u.ec.CookieName(), Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: u.a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode}
}

func (u *ui) startEmailCode(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	in := emailchallenge.StartRequest{Email: f.Get("email"), ReturnTo: u.returnTo(next)}
	st, err := u.ec.Start(r.Context(), in)
	if err != nil {
		return outcome{err: err, keep: map[string]string{"email": f.Get("email"), "next": next},
			fields: map[string]string{auth.ErrInvalidInput.Code: "email"}}
	}
	ttl := st.ExpiresAt.Sub(u.a.Now()) + emailchallenge.ClaimWindow
	http.SetCookie(w, u.bindingCookie(st.Challenge.Reveal(), int(ttl.Seconds())))
	// The same answer whether or not the address names anyone.
	return outcome{to: withDone(u.cfg.prefix+emailCodePath, "email_code_sent")}
}

// emailCodeSignedIn finishes a sign-in of the challenge: the session's
// cookie, the binding's end, and on to the second step or next.
func (u *ui) emailCodeSignedIn(w http.ResponseWriter, r *http.Request, res emailchallenge.Result) outcome {
	authhttp.SetSessionCookie(w, r, u.a, res.Session, res.Token)
	http.SetCookie(w, u.bindingCookie("", -1))
	return outcome{to: u.afterFirstFactor(res.Session, res.ReturnTo)}
}

func (u *ui) enterEmailCode(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	res, err := u.ec.Code(r.Context(), auth.NewSecret(f.Get("code")))
	if err != nil {
		return outcome{err: err, fields: map[string]string{auth.ErrCodeInvalid.Code: "code",
			auth.ErrTooManyAttempts.Code: "code", auth.ErrInvalidInput.Code: "code"}}
	}
	return u.emailCodeSignedIn(w, r, res)
}

// emailCodeStatus is the waiting browser's "I opened the link": signed
// in once the link completed its challenge.
func (u *ui) emailCodeStatus(w http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	res, err := u.ec.Status(r.Context())
	if err != nil {
		return outcome{err: err}
	}
	if res.Status != emailchallenge.StatusSignedIn {
		return outcome{to: withDone(u.cfg.prefix+emailCodePath, "email_code_pending")}
	}
	return u.emailCodeSignedIn(w, r, res)
}

// approveEmailLink is the link's form: it completes the challenge, which
// signs in this browser only if it is the one that asked.
func (u *ui) approveEmailLink(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	res, err := u.ec.Approve(r.Context(), auth.NewSecret(f.Get("token")))
	if err != nil {
		return outcome{err: err}
	}
	if res.Status != emailchallenge.StatusSignedIn {
		return outcome{to: withDone(u.cfg.prefix+emailCodePath, "email_link_approved")}
	}
	return u.emailCodeSignedIn(w, r, res)
}
