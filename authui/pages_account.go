package authui

import (
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// accountData is what the account page shows besides the profile.
type accountData struct {
	Sessions []*auth.Session
}

// accountData loads the account page's data: each part a call of the
// pipeline's, with the session of the request.
func (u *ui) accountData(r *http.Request) (accountData, error) {
	sessions, err := u.a.ListSessions(r.Context())
	return accountData{Sessions: sessions}, err
}

func (u *ui) accountPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := authhttp.UserFrom(r); !ok {
		if _, _, held := enrolling(r); held && u.tf != nil {
			seeOther(w, u.cfg.prefix+securityPath) // a mandatory second factor to set up first
			return
		}
		seeOther(w, u.cfg.prefix+"/sign-in?next="+url.QueryEscape(u.cfg.prefix+"/account"))
		return
	}
	v := u.newView(w, r, pageAccount, titles[pageAccount])
	d, err := u.accountData(r)
	if err != nil {
		v.Errors = append(v.Errors, fieldError{Code: auth.AsError(err).Code})
		u.render(w, r, auth.AsError(err).Status, pageAccount, v)
		return
	}
	v.Data = d
	if _, kept := v.Values["name"]; !kept {
		v.Values["name"] = v.User.Name
	}
	u.render(w, r, http.StatusOK, pageAccount, v)
}

// saveProfile changes the signed-in person's name.
func (u *ui) saveProfile(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirst()
	}
	if _, err := u.a.UpdateUser(r.Context(), auth.UpdateUserRequest{Name: f.Get("name")}); err != nil {
		return outcome{err: err, keep: map[string]string{"name": f.Get("name")},
			fields: map[string]string{auth.ErrInvalidInput.Code: "name"}}
	}
	return outcome{to: withDone(u.cfg.prefix+"/account", "profile_saved")}
}

// signInFirst is the outcome of an account form sent without a session:
// the sign-in page, which comes back to the account page.
func (u *ui) signInFirst() outcome {
	return outcome{err: auth.ErrNoSession, back: u.cfg.prefix + "/sign-in?next=" + url.QueryEscape(u.cfg.prefix+"/account")}
}

// revokeSession signs out one session of the signed-in person: the core
// operation finds it among theirs only.
func (u *ui) revokeSession(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	cur, ok := authhttp.SessionFrom(r)
	if !ok {
		return u.signInFirst()
	}
	id := f.Get("id")
	if err := u.a.RevokeSession(r.Context(), id); err != nil {
		return outcome{err: err}
	}
	if cur.ID == id {
		authhttp.ClearSessionCookie(w, u.a)
		return outcome{to: withDone(u.cfg.prefix+"/sign-out", "signed_out")}
	}
	return outcome{to: withDone(u.cfg.prefix+"/account", "session_revoked")}
}

func (u *ui) revokeOthers(_ http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	if _, ok := authhttp.SessionFrom(r); !ok {
		return u.signInFirst()
	}
	if _, err := u.a.RevokeOtherSessions(r.Context()); err != nil {
		return outcome{err: err}
	}
	return outcome{to: withDone(u.cfg.prefix+"/account", "sessions_revoked")}
}
