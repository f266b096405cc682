package authui

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/phone"
)

// The phone numbers of the addresses page, with the phone plugin: a
// number is added from a fresh session, proved by the code texted to
// it (entered on the page, with the session that asked for it), and
// removed from a fresh session unless it is the last way in.

// addPhone adds a number and texts it a code; for a number added before
// and not yet proved, it texts a new code. Another person's number
// answers alike, and its holder is told instead.
func (u *ui) addPhone(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	number := strings.TrimSpace(f.Get("phone"))
	if err := u.ph.Add(r.Context(), number); err != nil {
		return outcome{err: err, keep: map[string]string{"phone": number}, fields: map[string]string{auth.ErrInvalidInput.Code: "phone",
			phone.ErrInvalid.Code: "phone", phone.ErrSameNumber.Code: "phone", phone.ErrTooManyNumbers.Code: "phone"}}
	}
	return u.addressesDone("code_sent")
}

// verifyPhone proves a number with the code texted to it.
func (u *ui) verifyPhone(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	if _, err := u.ph.Verify(r.Context(), f.Get("phone"), auth.NewSecret(strings.TrimSpace(f.Get("code")))); err != nil {
		return outcome{err: err, fields: map[string]string{auth.ErrCodeInvalid.Code: "code", auth.ErrTooManyAttempts.Code: "code",
			auth.ErrInvalidInput.Code: "code", phone.ErrInvalid.Code: "code"}}
	}
	return u.addressesDone("phone_verified")
}

// removePhone removes one of the person's numbers: an account-security
// event that ends their other sessions.
func (u *ui) removePhone(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	if err := u.ph.Remove(r.Context(), f.Get("phone")); err != nil {
		return outcome{err: err}
	}
	return u.addressesDone("phone_removed")
}
