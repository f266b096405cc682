package authui

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// The security page of the account: second factors with the twofactor
// plugin (list, set up an authenticator app, new recovery codes, remove)
// and passkeys with the passkey plugin (list, add, rename, remove). What
// needs a fresh session (setting up, removing, new codes, adding a
// passkey) fails with fresh_session_required, and the page then offers
// to sign in again and come back.

// securityPath is the security page's path under the prefix.
const securityPath = "/account/security"

// securityData is what the security page shows.
type securityData struct {
	// Factors are the person's second factors, with the twofactor plugin.
	Factors *twofactor.FactorList
	// Passkeys are the person's passkeys, with the passkey plugin.
	Passkeys []passkeyInfo
	// Enrolling is the authenticator app being set up, waiting for its
	// first code: its factor, and, on the one GET after setting it up,
	// its key as text and as a QR code.
	Enrolling string
	Key       string
	QR        *qrCode
	// Codes are new recovery codes, shown on the one GET after they were
	// made.
	Codes []string
	// Required is set for a person who must set up a second factor before
	// anything else (twofactor.RequireEnrolment).
	Required bool
}

// enrolling returns the session of a request that a mandatory second
// factor holds until it sets one up, and its user.
func enrolling(r *http.Request) (*auth.Session, *auth.User, bool) {
	s, usr, blocked := authhttp.BlockedSessionFrom(r)
	if s == nil || blocked == nil || blocked.Code != twofactor.ErrEnrolmentRequired.Code {
		return nil, nil, false
	}
	return s, usr, true
}

// securityUser returns the person of the security page: signed in, or
// held until they set up a second factor.
func securityUser(r *http.Request) (usr *auth.User, required, ok bool) {
	if usr, ok := authhttp.UserFrom(r); ok {
		return usr, false, true
	}
	_, usr, required = enrolling(r)
	return usr, required, required
}

// securityData loads the page's data, each part a call of the pipeline's
// with the request's session.
func (u *ui) securityData(w http.ResponseWriter, r *http.Request, required bool) (securityData, error) {
	d := securityData{Required: required}
	if u.tf != nil {
		list, err := u.tf.List(r.Context())
		if err != nil {
			return d, err
		}
		d.Factors = &list
	}
	if u.pk && !required {
		keys, err := u.passkeys(w, r)
		if err != nil {
			return d, err
		}
		d.Passkeys = keys
	}
	return d, nil
}

func (u *ui) securityPage(w http.ResponseWriter, r *http.Request) {
	usr, required, ok := securityUser(r)
	if !ok {
		seeOther(w, u.signInPathTo(r, securityPath))
		return
	}
	v := u.newView(w, r, pageSecurity, titles[pageSecurity])
	v.User, v.Email = usr, primaryEmail(usr)
	d, err := u.securityData(w, r, required)
	if err != nil {
		v.Errors = append(v.Errors, fieldError{Code: auth.AsError(err).Code})
		v.Data = d
		u.render(w, r, auth.AsError(err).Status, pageSecurity, v)
		return
	}
	if sh, ok := takeShown(w, r, u.a); ok {
		d.Codes = sh.Codes
		if sh.FactorID != "" {
			qr, err := newQRCode(sh.URI)
			if err != nil {
				u.a.Logger().ErrorContext(r.Context(), "authui: draw the QR code of a key", "err", err)
			} else {
				d.QR = &qr
			}
			d.Enrolling, d.Key = sh.FactorID, sh.Key
		}
	}
	if _, kept := v.Values["name"]; !kept {
		v.Values["name"] = v.T("factors.default_name")
	}
	if d.Enrolling == "" {
		d.Enrolling = v.Values["factorId"] // a first code that failed: try again
	}
	v.Data = d
	u.render(w, r, http.StatusOK, pageSecurity, v)
}

// securityFailed is the outcome of a refused form of the security page:
// back to the page, the values kept, and for a caller not signed in, the
// sign-in page that comes back to it. fields pairs error codes with the
// fields they concern.
func (u *ui) securityFailed(r *http.Request, err error, keep map[string]string, fields ...string) outcome {
	if errors.Is(err, auth.ErrNoSession) || errors.Is(err, auth.ErrSessionRequired) || errors.Is(err, twofactor.ErrSecondFactorRequired) {
		return outcome{err: err, back: u.signInPathTo(r, securityPath)}
	}
	return outcome{err: err, keep: keep, fields: withFields(nil, fields...)}
}

// enrolTOTP starts setting up an authenticator app: the key is shown on
// the page, once, for the app to scan.
func (u *ui) enrolTOTP(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	en, err := u.tf.Enrol(r.Context(), twofactor.EnrolRequest{Method: twofactor.MethodTOTP, Name: f.Get("name")})
	if err != nil {
		return u.securityFailed(r, err, map[string]string{"name": f.Get("name")}, auth.ErrInvalidInput.Code, "name")
	}
	setShown(w, r, u.a, shown{FactorID: en.FactorID, Key: en.Key.Reveal(), URI: en.URI.Reveal()})
	return outcome{to: u.cfg.prefix + securityPath}
}

// confirmTOTP completes the set-up with the app's first code: the
// person's first factor brings recovery codes, shown once.
func (u *ui) confirmTOTP(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	id := f.Get("factorId")
	res, err := u.tf.Confirm(r.Context(), twofactor.ConfirmRequest{FactorID: id, Code: auth.NewSecret(f.Get("code"))})
	if errors.Is(err, twofactor.ErrFactorNotFound) {
		return u.securityFailed(r, err, nil) // over, or never this session's: start again
	}
	if err != nil {
		return u.securityFailed(r, err, map[string]string{"factorId": id}, twofactor.ErrInvalidCode.Code, "code",
			auth.ErrInvalidInput.Code, "code", auth.ErrTooManyAttempts.Code, "code")
	}
	if len(res.RecoveryCodes) > 0 {
		setShown(w, r, u.a, shown{Codes: reveal(res.RecoveryCodes)})
	}
	return outcome{to: withDone(u.cfg.prefix+securityPath, "factor_added")}
}

// newRecoveryCodes replaces the person's recovery codes, shown once.
func (u *ui) newRecoveryCodes(w http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	res, err := u.tf.RegenerateRecoveryCodes(r.Context())
	if err != nil {
		return u.securityFailed(r, err, nil)
	}
	setShown(w, r, u.a, shown{Codes: reveal(res.Codes)})
	return outcome{to: withDone(u.cfg.prefix+securityPath, "recovery_codes_new")}
}

// removeFactor removes one of the person's second factors: the plugin
// finds it among theirs only, and ends their other sessions.
func (u *ui) removeFactor(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if err := u.tf.Remove(r.Context(), f.Get("id")); err != nil {
		return u.securityFailed(r, err, nil)
	}
	return outcome{to: withDone(u.cfg.prefix+securityPath, "factor_removed")}
}

// signInPathTo is where a page of the account (path) sends a browser
// that is not signed in: to the second step when its session waits for
// one, else to the sign-in page; either comes back to path.
func (u *ui) signInPathTo(r *http.Request, path string) string {
	next := u.cfg.prefix + path
	if _, pending := pendingMethods(r); pending {
		return u.secondFactorPath(next)
	}
	return u.cfg.prefix + pagePath[pageSignIn] + "?next=" + url.QueryEscape(next)
}

// reveal returns the texts of values shown once.
func reveal(s []auth.Shown) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = v.Reveal()
	}
	return out
}
