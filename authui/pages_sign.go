package authui

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/password"
)

// The forms of signing up, in and out. Each calls a plugin's typed Go
// method with the request's context: the operation's pipeline runs as
// for its JSON route, with the real client.

// passwordFields are the fields the password plugin's errors concern.
var passwordFields = map[string]string{
	password.ErrPasswordTooShort.Code: "password", password.ErrPasswordTooLong.Code: "password",
	password.ErrPasswordBreached.Code: "password", password.ErrBreachCheckFailed.Code: "password",
}

// withFields returns m with more entries.
func withFields(m map[string]string, more ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

func (u *ui) signIn(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	res, err := u.pw.SignIn(r.Context(), password.SignInRequest{Email: f.Get("email"), Password: auth.NewSecret(f.Get("password"))})
	if err != nil {
		return outcome{err: err, keep: map[string]string{"email": f.Get("email"), "next": next},
			fields: map[string]string{password.ErrInvalidCredentials.Code: "password",
				password.ErrEmailNotVerified.Code: "email", auth.ErrInvalidInput.Code: "email"}}
	}
	authhttp.SetSessionCookie(w, r, u.a, res.Session, res.Token)
	return outcome{to: u.afterFirstFactor(res.Session, next)}
}

// returnTo returns next for a mailed sign-in's return address when the
// core's redirect check allows it, else "" (the plugin's default): a
// next of another site is dropped rather than refused.
func (u *ui) returnTo(next string) string {
	if _, ok := u.a.RedirectTarget(next); next != "" && ok {
		return next
	}
	return ""
}

// afterSignIn returns where a sign-in goes on: next, if the core's one
// redirect check allows it (a page of this site), else AfterSignIn.
func (u *ui) afterSignIn(next string) string {
	if next != "" {
		if to, ok := u.a.RedirectTarget(next); ok {
			return to
		}
	}
	return u.cfg.afterSignIn
}

func (u *ui) signUp(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	_, err := u.pw.SignUp(r.Context(), password.SignUpRequest{
		Name: f.Get("name"), Email: f.Get("email"), Password: auth.NewSecret(f.Get("password"))})
	if err != nil {
		return outcome{err: err, keep: map[string]string{"name": f.Get("name"), "email": f.Get("email")},
			fields: withFields(passwordFields, auth.ErrInvalidInput.Code, "email")}
	}
	// The same answer for a new address and a taken one: its holder gets
	// a notice by email instead of a link.
	return outcome{to: withDone(u.cfg.prefix+"/sign-in", "signed_up")}
}

func (u *ui) signOut(w http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	if err := u.a.SignOut(r.Context()); err != nil && !errors.Is(err, auth.ErrNoSession) {
		return outcome{err: err}
	}
	authhttp.ClearSessionCookie(w, u.a)
	return outcome{to: withDone(u.cfg.prefix+"/sign-out", "signed_out")}
}
