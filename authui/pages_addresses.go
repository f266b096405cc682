package authui

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/email"
)

// The addresses page, with the email plugin, the phone plugin or both:
// the person's email addresses (add, verify again, make primary,
// remove) and phone numbers (add, enter the texted code, remove). Every
// form names an address or number by its value, which the plugin looks
// up among the caller's own only; adding, removing and making primary
// need a fresh session.

// pageAddresses is the addresses page.
const (
	pageAddresses = "addresses"
	addressesPath = "/account/addresses"
)

// addressesData is what the addresses page lists.
type addressesData struct {
	freshness
	Emails []emailRow
	Phones []phoneRow
	// Pending are the numbers waiting for their code, newest first.
	Pending []phoneRow
}

// emailRow is one of the person's addresses.
type emailRow struct {
	Address           string
	Verified, Primary bool
}

// phoneRow is one of the person's numbers.
type phoneRow struct {
	Number   string
	Verified bool
}

func (u *ui) addressRoutes(mux *http.ServeMux) {
	if u.mail == nil && u.ph == nil {
		return
	}
	p := u.cfg.prefix + addressesPath
	mux.HandleFunc("GET "+p, u.addressesPage)
	if u.mail != nil {
		mux.HandleFunc("POST "+p+"/email/add", u.form(pageAddresses, u.addEmail))
		mux.HandleFunc("POST "+p+"/email/resend", u.form(pageAddresses, u.resendEmail))
		mux.HandleFunc("POST "+p+"/email/primary", u.form(pageAddresses, u.makePrimary))
		mux.HandleFunc("POST "+p+"/email/remove", u.form(pageAddresses, u.removeEmail))
	}
	if u.ph != nil {
		mux.HandleFunc("POST "+p+"/phone/add", u.form(pageAddresses, u.addPhone))
		mux.HandleFunc("POST "+p+"/phone/verify", u.form(pageAddresses, u.verifyPhone))
		mux.HandleFunc("POST "+p+"/phone/remove", u.form(pageAddresses, u.removePhone))
	}
}

// settingsPage serves a settings page: signed out, the sign-in that
// comes back to it; else the page with what load returns, or the error
// of loading it with what could be loaded.
func (u *ui) settingsPage(w http.ResponseWriter, r *http.Request, page string, load func(*http.Request) (any, error)) {
	if _, ok := authhttp.UserFrom(r); !ok {
		to := u.signInAgain(u.cfg.prefix + pagePath[page])
		if code := r.URL.Query().Get("error"); callbackErrors[code] {
			sep := "?"
			if strings.Contains(to, "?") {
				sep = "&"
			}
			to += sep + "error=" + url.QueryEscape(code) // a provider's refusal, for the sign-in page to show
		}
		seeOther(w, to)
		return
	}
	v := u.newView(w, r, page, titles[page])
	d, err := load(r)
	v.Data = d
	status := http.StatusOK
	if err != nil {
		e := auth.AsError(err)
		v.Errors, status = append(v.Errors, fieldError{Code: e.Code}), e.Status
	}
	u.render(w, r, status, page, v)
}

func (u *ui) addressesPage(w http.ResponseWriter, r *http.Request) {
	u.settingsPage(w, r, pageAddresses, func(r *http.Request) (any, error) { return u.addressesData(r) })
}

// addressesData loads the person's addresses and numbers, each a call of
// the plugin's list operation with the request's session.
func (u *ui) addressesData(r *http.Request) (addressesData, error) {
	d := addressesData{freshness: u.freshness(r, u.cfg.prefix+addressesPath)}
	if u.mail != nil {
		ids, err := u.mail.List(r.Context())
		if err != nil {
			return d, err
		}
		primary := ""
		if usr, ok := authhttp.UserFrom(r); ok {
			primary = primaryEmail(usr)
		}
		for _, id := range ids {
			d.Emails = append(d.Emails, emailRow{Address: id.Value, Verified: id.Verified(), Primary: id.Value == primary})
		}
		// The primary first, then as the plugin lists them.
		slices.SortStableFunc(d.Emails, func(a, b emailRow) int { return boolOrder(b.Primary) - boolOrder(a.Primary) })
	}
	if u.ph != nil {
		ids, err := u.ph.List(r.Context())
		if err != nil {
			return d, err
		}
		slices.SortStableFunc(ids, func(a, b *auth.Identity) int { return b.CreatedAt.Compare(a.CreatedAt) })
		for _, id := range ids {
			row := phoneRow{Number: id.Value, Verified: id.Verified()}
			if !row.Verified {
				d.Pending = append(d.Pending, row)
			}
			d.Phones = append(d.Phones, row)
		}
		slices.Reverse(d.Phones) // oldest first, as added
	}
	return d, nil
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

// addressesDone is the addresses page with a notice.
func (u *ui) addressesDone(done string) outcome {
	return outcome{to: withDone(u.cfg.prefix+addressesPath, "addresses."+done)}
}

// addEmail adds an address, to be verified by the link the plugin mails
// it. It answers alike for another person's address, whose holder is
// told instead.
func (u *ui) addEmail(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	addr := strings.TrimSpace(f.Get("email"))
	if err := u.mail.Add(r.Context(), addr); err != nil {
		return outcome{err: err, keep: map[string]string{"email": addr}, fields: map[string]string{auth.ErrInvalidInput.Code: "email",
			email.ErrSameAddress.Code: "email", email.ErrTooManyAddresses.Code: "email"}}
	}
	return u.addressesDone("email_added")
}

// resendEmail mails a new link to one of the person's unverified
// addresses; the plugin finds it among theirs.
func (u *ui) resendEmail(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	if err := u.mail.Resend(r.Context(), f.Get("email")); err != nil {
		return outcome{err: err}
	}
	return u.addressesDone("link_sent")
}

// makePrimary makes one of the person's verified addresses the primary.
func (u *ui) makePrimary(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	if err := u.mail.MakePrimary(r.Context(), f.Get("email")); err != nil {
		return outcome{err: err}
	}
	return u.addressesDone("primary_changed")
}

// removeEmail removes one of the person's addresses but the primary: an
// account-security event that ends their other sessions.
func (u *ui) removeEmail(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, ok := authhttp.UserFrom(r); !ok {
		return u.signInFirstTo(pageAddresses)
	}
	if err := u.mail.Remove(r.Context(), f.Get("email")); err != nil {
		return outcome{err: err}
	}
	return u.addressesDone("email_removed")
}
