package site

import (
	"context"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The account page and its forms, for signed-in people. The framework's
// RequireUser keeps the others out; the pages check again, so that a
// route wired without it still sends them to the sign-in page.

// accountData is what the account page shows.
type accountData struct {
	Sessions  []*auth.Session
	Addresses []*auth.Identity
	Schools   []*auth.Identity
	// DemoSchool shows the demo school account to link.
	DemoSchool bool
	// TwoFactor is the authenticator apps and the recovery codes left.
	TwoFactor twofactor.FactorList
	// Passkeys are listed when PasskeysOn: the base URL allows them.
	Passkeys   []passkey.Passkey
	PasskeysOn bool
}

func (app *App) accountPage(w http.ResponseWriter, r *http.Request) {
	if !app.signedIn(w, r) {
		return
	}
	v, err := app.accountView(r)
	if err != nil {
		app.fail(w, r, "message", view{Title: "Your account", Data: message{Link: "/", LinkText: "Home"}}, err)
		return
	}
	app.render(w, r, http.StatusOK, "account", v)
}

// accountView loads the account page's data: a call for each part, each
// the pipeline's, with the session of the request.
func (app *App) accountView(r *http.Request) (view, error) {
	ctx := r.Context()
	var d accountData
	var err error
	if d.Sessions, err = app.auth.ListSessions(ctx); err != nil {
		return view{}, err
	}
	if d.Addresses, err = app.mail.List(ctx); err != nil {
		return view{}, err
	}
	if d.Schools, err = app.school.Accounts(ctx); err != nil {
		return view{}, err
	}
	if d.TwoFactor, err = app.twoFactor.List(ctx); err != nil {
		return view{}, err
	}
	if app.passkey != nil {
		if d.Passkeys, err = app.passkey.List(ctx); err != nil {
			return view{}, err
		}
	}
	d.DemoSchool, d.PasskeysOn = app.demoSchool, app.passkey != nil
	return view{Title: "Your account", Data: d}, nil
}

// signedIn sends a caller who is not signed in to the sign-in page and
// reports whether the caller is.
func (app *App) signedIn(w http.ResponseWriter, r *http.Request) bool {
	if _, ok := authhttp.UserFrom(r); !ok {
		seeOther(w, r, SignInPath+"?next="+url.QueryEscape("/account"))
		return false
	}
	return true
}

// accountAction runs one form of the account page. do returns where to
// go on success; on failure the account page shows again with the error.
func (app *App) accountAction(w http.ResponseWriter, r *http.Request, do func(context.Context, url.Values) (string, error)) {
	if !app.parseForm(w, r) || !app.signedIn(w, r) {
		return
	}
	to, err := do(r.Context(), r.PostForm)
	if err == nil {
		seeOther(w, r, to)
		return
	}
	app.accountFail(w, r, err)
}

// accountShow runs a form of the account page whose success shows a page
// of its own (secrets shown once): do returns its template and view. On
// failure the account page shows again with the error.
func (app *App) accountShow(w http.ResponseWriter, r *http.Request, do func(context.Context, url.Values) (string, view, error)) {
	if !app.parseForm(w, r) || !app.signedIn(w, r) {
		return
	}
	name, v, err := do(r.Context(), r.PostForm)
	if err == nil {
		app.render(w, r, http.StatusOK, name, v)
		return
	}
	app.accountFail(w, r, err)
}

// accountFail shows the account page again with the error of one of its
// forms.
func (app *App) accountFail(w http.ResponseWriter, r *http.Request, err error) {
	v, verr := app.accountView(r)
	if verr != nil {
		app.fail(w, r, "message", view{Title: "Your account", Data: message{Link: "/account", LinkText: "Your account"}}, verr)
		return
	}
	v.Form = keep(r.PostForm, "newEmail", "email")
	app.fail(w, r, "account", v, err)
}

func (app *App) revokeSession(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		id := f.Get("id")
		if err := app.auth.RevokeSession(ctx, id); err != nil {
			return "", err
		}
		if cur, ok := authhttp.SessionFrom(r); ok && cur.ID == id {
			authhttp.ClearSessionCookie(w, app.auth)
			return "/?done=signed-out", nil
		}
		return "/account?done=session-revoked", nil
	})
}

func (app *App) revokeOthers(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, _ url.Values) (string, error) {
		_, err := app.auth.RevokeOtherSessions(ctx)
		return "/account?done=sessions-revoked", err
	})
}

func (app *App) changePassword(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=password-changed", app.password.Change(ctx, password.ChangeRequest{
			CurrentPassword: auth.NewSecret(f.Get("currentPassword")),
			NewPassword:     auth.NewSecret(f.Get("newPassword")),
		})
	})
}

func (app *App) changeEmail(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=email-change", app.mail.Change(ctx, f.Get("newEmail"))
	})
}

func (app *App) addAddress(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=address-added", app.mail.Add(ctx, f.Get("email"))
	})
}

func (app *App) removeAddress(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=address-removed", app.mail.Remove(ctx, f.Get("email"))
	})
}

func (app *App) makePrimary(w http.ResponseWriter, r *http.Request) {
	app.accountAction(w, r, func(ctx context.Context, f url.Values) (string, error) {
		return "/account?done=primary-changed", app.mail.MakePrimary(ctx, f.Get("email"))
	})
}
