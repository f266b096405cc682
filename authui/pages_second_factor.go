package authui

import (
	"errors"
	"net/http"
	"net/url"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The second step of a sign-in, with the twofactor plugin: a sign-in of
// a person with a second factor starts a pending session, which reaches
// nothing but this page (every other page sees no one signed in) until
// it passes with a code of the authenticator app or a recovery code.
// Passing replaces the pending session with a full one.

// secondFactorData is what the second-factor page offers: the methods
// the pending session may pass with.
type secondFactorData struct{ TOTP, Recovery, Passkey bool }

// pendingMethods returns the methods of the request's session when it
// waits for its second factor; false when it does not (no session, a
// full one, or one blocked for another reason).
func pendingMethods(r *http.Request) (secondFactorData, bool) {
	s, _, blocked := authhttp.BlockedSessionFrom(r)
	if s == nil || blocked == nil || blocked.Code != twofactor.ErrSecondFactorRequired.Code {
		return secondFactorData{}, false
	}
	methods, ok := twofactor.PendingMethods(s)
	if !ok {
		return secondFactorData{}, false
	}
	return secondFactorData{TOTP: slices.Contains(methods, twofactor.MethodTOTP),
		Recovery: slices.Contains(methods, twofactor.MethodRecovery), Passkey: slices.Contains(methods, passkeyMethod)}, true
}

// afterFirstFactor returns where a sign-in that set session s goes on:
// the second-factor page, carrying next, when s waits for a second
// factor; else next as afterSignIn checks it.
func (u *ui) afterFirstFactor(s *auth.Session, next string) string {
	if u.tf != nil {
		if _, pending := twofactor.PendingMethods(s); pending {
			return u.secondFactorPath(next)
		}
	}
	return u.afterSignIn(next)
}

// secondFactorPath is the second step's page, carrying next so that a
// reload or a second try keeps it.
func (u *ui) secondFactorPath(next string) string {
	to := u.cfg.prefix + pagePath[pageSecondFactor]
	if next != "" {
		to += "?next=" + url.QueryEscape(next)
	}
	return to
}

func (u *ui) secondFactorPage(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	d, ok := pendingMethods(r)
	if !ok {
		u.notPending(w, r, next)
		return
	}
	v := u.newView(w, r, pageSecondFactor, titles[pageSecondFactor])
	if v.Values["next"] == "" {
		v.Values["next"] = next
	}
	v.Data = d
	u.render(w, r, http.StatusOK, pageSecondFactor, v)
}

// notPending sends a browser whose session waits for no second factor
// on: where it was going when signed in, else to the sign-in page.
func (u *ui) notPending(w http.ResponseWriter, r *http.Request, next string) {
	seeOther(w, u.notPendingOutcome(r, next).to)
}

// notPendingOutcome is where a second step's form sent by a session that
// waits for no second factor goes: as notPending sends its GET.
func (u *ui) notPendingOutcome(r *http.Request, next string) outcome {
	if _, in := authhttp.UserFrom(r); in {
		return outcome{to: u.afterSignIn(next)}
	}
	return outcome{to: u.cfg.prefix + pagePath[pageSignIn]}
}

// verifySecondFactor passes the pending session with a code of the
// authenticator app (method totp) or a recovery code (method recovery).
// The plugin checks that the method is one of the session's, counts
// wrong codes per session and per account, and ends the pending session
// after too many.
func (u *ui) verifySecondFactor(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	if _, ok := pendingMethods(r); !ok {
		return u.notPendingOutcome(r, next)
	}
	method, code := twofactor.MethodTOTP, f.Get("code")
	if f.Get("method") == twofactor.MethodRecovery {
		method, code = twofactor.MethodRecovery, f.Get("recovery")
	}
	res, err := u.tf.Verify(r.Context(), twofactor.VerifyRequest{Method: method, Code: auth.NewSecret(code)})
	if errors.Is(err, twofactor.ErrTooManyAttempts) {
		// The pending session is over: start again from the first factor.
		authhttp.ClearSessionCookie(w, u.a)
		setFlash(w, u.a, flash{Page: pageSignIn, Errors: []fieldError{{Code: twofactor.ErrTooManyAttempts.Code}}})
		return outcome{to: u.cfg.prefix + pagePath[pageSignIn]}
	}
	if err != nil {
		field := "code"
		if method == twofactor.MethodRecovery {
			field = "recovery"
		}
		return outcome{err: err, keep: map[string]string{"next": next}, back: u.secondFactorPath(next),
			fields: map[string]string{twofactor.ErrInvalidCode.Code: field, auth.ErrInvalidInput.Code: field,
				twofactor.ErrMethodUnavailable.Code: field}}
	}
	authhttp.SetSessionCookie(w, r, u.a, res.Session, res.Token)
	return outcome{to: u.afterSignIn(next)}
}
