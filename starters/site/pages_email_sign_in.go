package site

import (
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// Signing in without a password, from the sign-in page: a magic link
// (the magiclink plugin mails it; its page at /magic-link, which the
// starters mount, signs in), or an email code (the emailchallenge plugin
// mails a link and a code; the code typed here, or the link opened in
// this browser, signs in; the link opened elsewhere signs this browser in
// at its next check). Both answer alike whether or not the address has an
// account, and mail only verified addresses.

// sendMagicLink mails a sign-in link.
func (app *App) sendMagicLink(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	d := app.signInData(app.comeBack(f.Get("next")))
	if err := app.magicLink.Send(r.Context(), magiclink.SendRequest{Email: f.Get("email"), ReturnTo: d.Next}); err != nil {
		app.fail(w, r, "sign-in", view{Title: "Sign in", Form: keep(f, "email", "next"), Data: d}, err)
		return
	}
	app.render(w, r, http.StatusOK, "message", view{Title: "Check your email", Data: message{
		Text: "If an account has this verified address, we sent it a link that signs you in. It works once, for 15 minutes. " +
			"In development the message is printed in the server's console.",
		Link: SignInPath, LinkText: "Back to signing in"}})
}

// EmailCodePath is the page where the code of an email sign-in is typed.
const EmailCodePath = "/sign-in/code"

// startEmailCode mails a link and a code, binds the attempt to this
// browser by the plugin's cookie, and goes to the page for the code.
func (app *App) startEmailCode(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	d := app.signInData(app.comeBack(f.Get("next")))
	started, err := app.emailCode.Start(r.Context(), emailchallenge.StartRequest{Email: f.Get("email"), ReturnTo: d.Next})
	if err != nil {
		app.fail(w, r, "sign-in", view{Title: "Sign in", Form: keep(f, "email", "next"), Data: d}, err)
		return
	}
	// A Go call sets no cookie: the page sets the one the plugin's route
	// would, which its confirm page and the calls below read.
	until := started.ExpiresAt.Add(emailchallenge.ClaimWindow).Sub(app.auth.Now())
	http.SetCookie(w, app.challengeCookie(started.Challenge.Reveal(), int(until.Seconds())))
	seeOther(w, r, EmailCodePath)
}

func (app *App) emailCodePage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "email-code", view{Title: "Enter the code"})
}

// enterEmailCode signs in with the mailed code, or, with check set,
// checks whether the link opened on another device completed the
// attempt.
func (app *App) enterEmailCode(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	var res emailchallenge.Result
	var err error
	if r.PostForm.Has("check") {
		res, err = app.emailCode.Status(r.Context())
	} else {
		res, err = app.emailCode.Code(r.Context(), auth.NewSecret(r.PostForm.Get("code")))
	}
	v := view{Title: "Enter the code"}
	switch {
	case errors.Is(err, emailchallenge.ErrChallengeInvalid):
		http.SetCookie(w, app.challengeCookie("", -1))
		v.Fix = &link{Href: SignInPath, Text: "start again"}
		app.fail(w, r, "email-code", v, err)
	case err != nil:
		app.fail(w, r, "email-code", v, err)
	case res.Status != emailchallenge.StatusSignedIn:
		v.Notice = "Not yet: open the link in the message, or type its code."
		app.render(w, r, http.StatusOK, "email-code", v)
	default:
		http.SetCookie(w, app.challengeCookie("", -1))
		authhttp.SetSessionCookie(w, r, app.auth, res.Session, res.Token)
		seeOther(w, r, app.nextPage(res.ReturnTo, "/account?done=signed-in"))
	}
}

// challengeCookie is the emailchallenge plugin's cookie binding an
// attempt to this browser, as its own route sets it; maxAge -1 deletes it.
func (app *App) challengeCookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: app.emailCode.CookieName(), Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: app.auth.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode}
}
