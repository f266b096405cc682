package authui

import (
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// view is what every page template sees. Templates call its methods for
// every text (T) and every form field (Field), so that nothing is written
// outside the catalog.
type view struct {
	cat    map[string]string
	prefix string

	// Lang is the page's language, for <html lang>.
	Lang string
	// AppName is the host's name for the app.
	AppName string
	// Page is the page's name ("sign-in" ...), for style sheets and tests.
	Page string
	// Title is the catalog key of the page's title.
	Title string
	// User is the signed-in person, and Email their primary address.
	User  *auth.User
	Email string
	// CSRF is the browser's form token, sent back by every form.
	CSRF string
	// Notice is the catalog key of what the last action did.
	Notice string
	// Errors are the last POST's errors, in the order of the form.
	Errors []fieldError
	// Values are the values to show again in the form: never a password.
	Values map[string]string
	// Has says which plugins the pages serve.
	Has has
	// Methods are the plugins' sign-in buttons.
	Methods []authhttp.UIButton
	// Data is the page's own data.
	Data any
	// Admin says the signed-in person may see the administration pages;
	// Acting names the user an impersonation session acts as ("" when
	// the session is none).
	Admin  bool
	Acting string
}

// has says which plugins were passed to the instance: the pages and
// links each one adds (Phone and OAuth: the settings pages of addresses
// and linked providers; Admin and Audit: the admin pages; TwoFactor and
// Passkey: the security page).
type has struct {
	Password, Email, MagicLink, EmailCode, TwoFactor, Admin, Audit, Phone, OAuth, Passkey bool
}

// fieldError is one error of a form: the field it concerns ("" for the
// whole form), its code, and its message's argument if any.
type fieldError struct {
	Field string `json:"f,omitempty"`
	Code  string `json:"c"`
	Arg   string `json:"a,omitempty"`
}

// shownError is a fieldError as the error summary lists it.
type shownError struct{ Field, Text string }

// T returns the message of key in the page's language.
func (v *view) T(key string, args ...any) string { return translate(v.cat, key, args) }

// Path returns the path of one of the pages, under the prefix.
func (v *view) Path(p string) string { return v.prefix + p }

// Value returns the value a field shows again.
func (v *view) Value(name string) string { return v.Values[name] }

// ErrorIs reports whether the last POST failed with code.
func (v *view) ErrorIs(code string) bool {
	for _, e := range v.Errors {
		if e.Code == code {
			return true
		}
	}
	return false
}

// ErrorList returns the errors as the summary shows them.
func (v *view) ErrorList() []shownError {
	var out []shownError
	for _, e := range v.Errors {
		out = append(out, shownError{Field: e.Field, Text: v.errorText(e)})
	}
	return out
}

// errorText returns the message of an error in the page's language: the
// catalog's for its code, else a general one, never the English message
// of the error itself.
func (v *view) errorText(e fieldError) string {
	key := "error." + e.Code
	if _, ok := english[key]; !ok {
		key = "error.other"
	}
	return v.T(key, e.Arg)
}

// Label returns the text of a plugin's button: the catalog's message for
// it, else "Continue with" its provider in the page's language, else the
// plugin's own.
func (v *view) Label(b authhttp.UIButton) string {
	if msg, ok := v.cat["method."+b.Name]; ok {
		return msg
	}
	if b.Provider != "" {
		return v.T("method.continue_with", b.Provider)
	}
	return b.Label
}

// Href returns the link of a GET button: its action with its fields as
// the query. A GET button is a link, not a form, so that where it leads
// (an OAuth provider's sign-in) is a navigation, which the pages'
// form-action policy ('self') does not govern.
func (v *view) Href(b authhttp.UIButton) string {
	if len(b.Fields) == 0 {
		return b.Action
	}
	q := url.Values{}
	for k, val := range b.Fields {
		q.Set(k, val)
	}
	return b.Action + "?" + q.Encode()
}

// When formats a time for people, in UTC.
func (v *view) When(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// Stamp formats a time for machines (<time datetime>).
func (v *view) Stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// ceremony is a passkey ceremony's form, for the "passkey" partial.
type ceremony struct {
	View *view
	// Action is the form's path under the prefix; its options route is
	// Action + "/options".
	Action string
	// Label and NoScript are the catalog keys of its button and of what
	// the page says when scripts are off.
	Label, NoScript string
}

// Ceremony describes the form of a passkey ceremony at action (a path
// of the pages), with the catalog keys of its button and of its note for
// browsers without scripts.
func (v *view) Ceremony(action, label, noScript string) ceremony {
	return ceremony{View: v, Action: v.Path(action), Label: label, NoScript: noScript}
}

// field is one input of a form, for the "field" partial.
type field struct {
	Name, Type, Label, Autocomplete, Hint, Value, Error, DescribedBy string
	// Focus is set on the form's first field with an error.
	Focus bool
	// Optional leaves the input not required.
	Optional bool
}

// Field describes an input: its name, type, the catalog keys of its label
// and hint ("" for none) and its autocomplete token. It carries the
// value to show again (never of a password) and the field's error.
func (v *view) Field(name, typ, labelKey, autocomplete, hintKey string) field {
	f := field{Name: name, Type: typ, Label: v.T(labelKey), Autocomplete: autocomplete}
	if typ != "password" {
		f.Value = v.Values[name]
	}
	var described []string
	if hintKey != "" {
		f.Hint = v.T(hintKey)
		described = append(described, name+"-hint")
	}
	for i, e := range v.Errors {
		if e.Field == name {
			f.Error = v.errorText(e)
			described = append(described, name+"-error")
			f.Focus = firstField(v.Errors[:i])
			break
		}
	}
	f.DescribedBy = strings.Join(described, " ")
	return f
}

// Optional is [view.Field] for an input that may stay empty, such as a
// search's.
func (v *view) Optional(name, typ, labelKey, autocomplete, hintKey string) field {
	f := v.Field(name, typ, labelKey, autocomplete, hintKey)
	f.Optional = true
	return f
}

// firstField reports whether no error before this one names a field.
func firstField(before []fieldError) bool {
	for _, e := range before {
		if e.Field != "" {
			return false
		}
	}
	return true
}
