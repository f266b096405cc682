package site

import (
	"context"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The account page's forms for second factors and passkeys. Setting up
// an authenticator app shows its key once, on a page of its own, and its
// first code confirms it; the recovery codes are shown once too. Adding a
// passkey is the passkey script's (static/passkeys.js): the browser makes
// it. Listing, renaming and removing are forms.

// setupData is the page of an authenticator app being set up: the
// otpauth URI to give the app (as text: the starter draws no QR code) and
// the same key in Base32 to type in, both shown this once, and the
// enrolment to confirm.
type setupData struct {
	FactorID string
	URI, Key auth.Shown
}

// codesData is the page that shows new recovery codes, this once.
type codesData struct {
	Codes []auth.Shown
	// First is set when the codes come with the first factor.
	First bool
}

// enrolTOTP begins setting up an authenticator app, from a fresh
// session, and shows its key.
func (app *App) enrolTOTP(w http.ResponseWriter, r *http.Request) {
	app.accountShow(w, r, func(ctx context.Context, f url.Values) (string, view, error) {
		e, err := app.twoFactor.Enrol(ctx, twofactor.EnrolRequest{Method: twofactor.MethodTOTP, Name: f.Get("name")})
		if err != nil {
			return "", view{}, err
		}
		return "two-factor-setup", view{Title: "Set up your authenticator app",
			Data: setupData{FactorID: e.FactorID, URI: e.URI, Key: e.Key}}, nil
	})
}

// confirmTOTP confirms the app with its first code and shows the
// recovery codes that come with a first factor. A wrong code shows the
// form again, without the key, which is shown only once.
func (app *App) confirmTOTP(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) || !app.signedIn(w, r) {
		return
	}
	f := r.PostForm
	res, err := app.twoFactor.Confirm(r.Context(), twofactor.ConfirmRequest{FactorID: f.Get("factorId"), Code: auth.NewSecret(f.Get("code"))})
	if err != nil {
		v := view{Title: "Set up your authenticator app", Data: setupData{FactorID: f.Get("factorId")}}
		app.fail(w, r, "two-factor-setup", v, err)
		return
	}
	if len(res.RecoveryCodes) == 0 {
		seeOther(w, r, "/account?done=two-factor-added")
		return
	}
	app.render(w, r, http.StatusOK, "recovery-codes", view{Title: "Save your recovery codes",
		Notice: "Your authenticator app is set up: signing in with your password now asks for its code.",
		Data:   codesData{Codes: res.RecoveryCodes, First: true}})
}

func (app *App) removeFactor(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=two-factor-removed", app.twoFactor.Remove(ctx, f.Get("id"))
	})
}

// newRecoveryCodes replaces the recovery codes, from a fresh session, and
// shows the new ones.
func (app *App) newRecoveryCodes(w http.ResponseWriter, r *http.Request) {
	app.accountShow(w, r, func(ctx context.Context, _ url.Values) (string, view, error) {
		l, err := app.twoFactor.RegenerateRecoveryCodes(ctx)
		if err != nil {
			return "", view{}, err
		}
		return "recovery-codes", view{Title: "Your new recovery codes", Data: codesData{Codes: l.Codes}}, nil
	})
}

func (app *App) renamePasskey(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		if app.passkey == nil {
			return "", auth.ErrNotFound
		}
		return "/account?done=passkey-renamed", app.passkey.Rename(ctx, f.Get("id"), f.Get("name"))
	})
}

func (app *App) removePasskey(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		if app.passkey == nil {
			return "", auth.ErrNotFound
		}
		return "/account?done=passkey-removed", app.passkey.Remove(ctx, f.Get("id"))
	})
}
