package authui

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/password"
)

// The pages that links of the messages open. Each shows a form that posts
// the link's token, so that opening a link (or a mail scanner fetching
// it) changes nothing.

func (u *ui) verify(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, err := u.mail.Verify(r.Context(), auth.NewSecret(f.Get("token"))); err != nil {
		return outcome{err: err} // the page then offers a new link
	}
	if _, ok := authhttp.UserFrom(r); ok {
		return outcome{to: withDone(u.cfg.prefix+"/account", "email_verified")}
	}
	if u.pw != nil {
		return outcome{to: withDone(u.cfg.prefix+"/sign-in", "email_verified")}
	}
	return outcome{to: withDone(u.cfg.prefix+"/verify-email", "email_verified")}
}

func (u *ui) resend(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if err := u.mail.Resend(r.Context(), f.Get("email")); err != nil {
		return outcome{err: err, keep: map[string]string{"email": f.Get("email")},
			fields: map[string]string{auth.ErrInvalidInput.Code: "email"}}
	}
	return outcome{to: withDone(u.cfg.prefix+"/verify-email", "verification_sent")}
}

func (u *ui) forgot(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if err := u.pw.Forgot(r.Context(), f.Get("email")); err != nil {
		return outcome{err: err, keep: map[string]string{"email": f.Get("email")},
			fields: map[string]string{auth.ErrInvalidInput.Code: "email"}}
	}
	// The same answer whether or not an account has the address.
	return outcome{to: withDone(u.cfg.prefix+"/forgot-password", "reset_sent")}
}

// reset sets the new password; the plugin ends every session of the
// account.
func (u *ui) reset(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	err := u.pw.Reset(r.Context(), auth.NewSecret(f.Get("token")), auth.NewSecret(f.Get("password")))
	if err == nil {
		authhttp.ClearSessionCookie(w, u.a)
		return outcome{to: withDone(u.cfg.prefix+"/sign-in", "password_reset")}
	}
	o := outcome{err: err, fields: passwordFields, keep: map[string]string{"token": f.Get("token")}}
	if errors.Is(err, auth.ErrTokenInvalid) {
		o.keep = nil // a used or expired link cannot work again: the page offers a new one
	}
	return o
}

// changePassword changes the password of the signed-in person.
func (u *ui) changePassword(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirst()
	}
	err := u.pw.Change(r.Context(), password.ChangeRequest{
		CurrentPassword: auth.NewSecret(f.Get("currentPassword")), NewPassword: auth.NewSecret(f.Get("newPassword"))})
	if err != nil {
		return outcome{err: err, fields: map[string]string{
			password.ErrInvalidCredentials.Code: "currentPassword", password.ErrPasswordTooShort.Code: "newPassword",
			password.ErrPasswordTooLong.Code: "newPassword", password.ErrPasswordBreached.Code: "newPassword",
			password.ErrBreachCheckFailed.Code: "newPassword"}}
	}
	return outcome{to: withDone(u.cfg.prefix+"/account", "password_changed")}
}
