package site

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The pages of signing up, in and out, and of the links sent by email.
// Each calls a plugin's typed Go method with the request's context, so
// that the call sees the real client: its rate limits, its session and
// the CSRF origin check of the form's POST.

func (app *App) home(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "home", view{Title: "Home"})
}

func (app *App) signUpPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "sign-up", view{Title: "Sign up"})
}

func (app *App) signUp(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	v := view{Title: "Sign up", Form: keep(f, "name", "email")}
	_, err := app.password.SignUp(r.Context(), password.SignUpRequest{
		Name: f.Get("name"), Email: f.Get("email"), Password: auth.NewSecret(f.Get("password"))})
	if err != nil {
		app.fail(w, r, "sign-up", v, err)
		return
	}
	app.render(w, r, http.StatusOK, "message", view{Title: "Check your email", Data: message{
		Text: "We sent a link to " + f.Get("email") + ": open it to verify your address, then sign in. " +
			"In development the message is printed in the server's console.",
		Link: SignInPath, LinkText: "Sign in"}})
}

// signInData is what the sign-in page offers besides the password form.
type signInData struct {
	// Unverified offers a new verification link.
	Unverified bool
	// Passkeys offers signing in with a passkey, which goes on to Next,
	// checked: the passkey script reads it.
	Passkeys bool
	Next     string
}

// signInData returns the sign-in page's data for a next parameter.
func (app *App) signInData(next string) signInData {
	return signInData{Passkeys: app.passkey != nil, Next: app.nextPage(next, "/account?done=signed-in")}
}

func (app *App) signInPage(w http.ResponseWriter, r *http.Request) {
	next := app.comeBack(r.URL.Query().Get("next"))
	v := view{Title: "Sign in", Form: url.Values{"next": {next}}, Data: app.signInData(next)}
	if code := r.URL.Query().Get("error"); code != "" && strings.Trim(code, "abcdefghijklmnopqrstuvwxyz_") == "" {
		// The oauth plugin sends a failed sign-in here with its code.
		v.Error = "sign-in with GitHub did not work (" + code + ")"
	}
	app.render(w, r, http.StatusOK, "sign-in", v)
}

func (app *App) signIn(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	next := app.comeBack(f.Get("next"))
	d := app.signInData(next)
	v := view{Title: "Sign in", Form: keep(f, "email", "next"), Data: d}
	res, err := app.password.SignIn(r.Context(), password.SignInRequest{Email: f.Get("email"), Password: auth.NewSecret(f.Get("password"))})
	if err != nil {
		d.Unverified = errors.Is(err, password.ErrEmailNotVerified)
		v.Data = d
		app.fail(w, r, "sign-in", v, err)
		return
	}
	authhttp.SetSessionCookie(w, r, app.auth, res.Session, res.Token)
	if _, pending := twofactor.PendingMethods(res.Session); pending {
		// The session waits for the second factor: its page asks for it,
		// then goes on to next.
		seeOther(w, r, SecondFactorPath+"?next="+url.QueryEscape(next))
		return
	}
	seeOther(w, r, app.nextPage(next, "/account?done=signed-in"))
}

func (app *App) signOut(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if err := app.auth.SignOut(r.Context()); err != nil && !errors.Is(err, auth.ErrNoSession) {
		app.fail(w, r, "message", view{Title: "Sign out", Data: message{Link: "/", LinkText: "Home"}}, err)
		return
	}
	authhttp.ClearSessionCookie(w, app.auth)
	seeOther(w, r, "/?done=signed-out")
}

// The link pages show a form that posts the link's token, so that
// opening a link (or a mail scanner fetching it) changes nothing.

func (app *App) verifyPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "verify", view{Title: "Verify your email", Form: keep(r.URL.Query(), "token")})
}

func (app *App) verify(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if _, err := app.mail.Verify(r.Context(), auth.NewSecret(r.PostForm.Get("token"))); err != nil {
		app.fail(w, r, "verify", view{Title: "Verify your email"}, err)
		return
	}
	if _, ok := authhttp.UserFrom(r); ok {
		seeOther(w, r, "/account?done=email-verified")
		return
	}
	seeOther(w, r, SignInPath+"?done=email-verified")
}

func (app *App) resend(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if err := app.mail.Resend(r.Context(), r.PostForm.Get("email")); err != nil {
		app.fail(w, r, "verify", view{Title: "Verify your email", Form: keep(r.PostForm, "email")}, err)
		return
	}
	app.render(w, r, http.StatusOK, "message", view{Title: "Check your email", Data: message{
		Text: "If this address waits for verification, a new link is on its way.", Link: SignInPath, LinkText: "Sign in"}})
}

func (app *App) undoPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "undo", view{Title: "Undo an email change", Form: keep(r.URL.Query(), "token")})
}

// undo restores the previous address and ends every session of the
// account; the session middleware clears this browser's cookie on the
// next request if it was one of them.
func (app *App) undo(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if err := app.mail.UndoChange(r.Context(), auth.NewSecret(r.PostForm.Get("token"))); err != nil {
		app.fail(w, r, "undo", view{Title: "Undo an email change"}, err)
		return
	}
	seeOther(w, r, SignInPath+"?done=email-restored")
}

func (app *App) forgotPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "forgot", view{Title: "Forgot your password"})
}

func (app *App) forgot(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if err := app.password.Forgot(r.Context(), r.PostForm.Get("email")); err != nil {
		app.fail(w, r, "forgot", view{Title: "Forgot your password", Form: keep(r.PostForm, "email")}, err)
		return
	}
	app.render(w, r, http.StatusOK, "message", view{Title: "Check your email", Data: message{
		Text: "If an account has this address, we sent it a link to choose a new password. It works for an hour.",
		Link: SignInPath, LinkText: "Sign in"}})
}

func (app *App) resetPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "reset", view{Title: "Choose a new password", Form: keep(r.URL.Query(), "token")})
}

// reset sets the new password and ends every session of the account, as
// undo does.
func (app *App) reset(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	f := r.PostForm
	if err := app.password.Reset(r.Context(), auth.NewSecret(f.Get("token")), auth.NewSecret(f.Get("password"))); err != nil {
		v := view{Title: "Choose a new password", Form: keep(f, "token")}
		if errors.Is(err, auth.ErrTokenInvalid) {
			// A used or expired link cannot work again: offer a new one
			// instead of the form.
			v.Form, v.Fix = nil, &link{Href: "/forgot-password", Text: "ask for a new link"}
		}
		app.fail(w, r, "reset", v, err)
		return
	}
	seeOther(w, r, SignInPath+"?done=password-reset")
}

// keep copies the named fields of a form, to show them again: never a
// password.
func keep(f url.Values, names ...string) url.Values {
	out := url.Values{}
	for _, n := range names {
		out.Set(n, f.Get(n))
	}
	return out
}
