package site

import (
	"errors"
	"net/http"
	"net/url"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The second step of a password sign-in, for people who set up an
// authenticator app: the sign-in starts a pending session, which reaches
// nothing but this page (see [App.SecondFactorRedirect]) until it passes
// with a code of the app, a recovery code or a passkey; passing replaces
// it with a full session.

// secondFactorData is what the second-factor page offers.
type secondFactorData struct {
	TOTP, Recovery, Passkey bool
	// Next is where the browser goes once passed, checked: the passkey
	// script reads it.
	Next string
}

func (app *App) secondFactorPage(w http.ResponseWriter, r *http.Request) {
	next := app.comeBack(r.URL.Query().Get("next"))
	v, ok := app.secondFactorView(r, next)
	if !ok {
		app.notPending(w, r, next)
		return
	}
	app.render(w, r, http.StatusOK, "two-factor", v)
}

// secondFactorView is the page's view for the request's pending session;
// false when the request has none.
func (app *App) secondFactorView(r *http.Request, next string) (view, bool) {
	s, _, blocked := authhttp.BlockedSessionFrom(r)
	if s == nil || blocked == nil || blocked.Code != twofactor.ErrSecondFactorRequired.Code {
		return view{}, false
	}
	methods, ok := twofactor.PendingMethods(s)
	if !ok {
		return view{}, false
	}
	return view{Title: "Two-step verification", Form: url.Values{"next": {next}}, Data: secondFactorData{
		TOTP:     slices.Contains(methods, twofactor.MethodTOTP),
		Recovery: slices.Contains(methods, twofactor.MethodRecovery),
		Passkey:  app.passkey != nil && slices.Contains(methods, passkey.Credential),
		Next:     app.nextPage(next, "/account?done=signed-in"),
	}}, true
}

// notPending sends a browser whose session waits for no second factor on:
// to where it was going when signed in, else to the sign-in page.
func (app *App) notPending(w http.ResponseWriter, r *http.Request, next string) {
	if _, ok := authhttp.UserFrom(r); ok {
		seeOther(w, r, app.nextPage(next, "/account"))
		return
	}
	seeOther(w, r, SignInPath)
}

// verifySecondFactor passes the pending session with a code of the
// authenticator app (method totp) or a recovery code (method recovery).
func (app *App) verifySecondFactor(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	next := f.Get("next")
	v, ok := app.secondFactorView(r, next)
	if !ok {
		app.notPending(w, r, next)
		return
	}
	method := twofactor.MethodTOTP
	if f.Get("method") == twofactor.MethodRecovery {
		method = twofactor.MethodRecovery
	}
	res, err := app.twoFactor.Verify(r.Context(), twofactor.VerifyRequest{Method: method, Code: auth.NewSecret(f.Get("code"))})
	if errors.Is(err, twofactor.ErrTooManyAttempts) {
		// The pending session is over: start again from the password.
		authhttp.ClearSessionCookie(w, app.auth)
		v = view{Title: "Two-step verification", Fix: &link{Href: SignInPath, Text: "sign in again"}, Data: message{}}
		app.fail(w, r, "message", v, err)
		return
	}
	if err != nil {
		app.fail(w, r, "two-factor", v, err)
		return
	}
	authhttp.SetSessionCookie(w, r, app.auth, res.Session, res.Token)
	seeOther(w, r, app.nextPage(next, "/account?done=signed-in"))
}
