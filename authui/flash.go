package authui

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// flash carries a failed form's errors and values across the redirect
// that follows its POST (PRG), in a short-lived cookie read once: the
// address typed stays out of URLs and logs. Only codes travel: the page
// shows its catalog's messages for them, so a forged cookie can make it
// say nothing else. Passwords never travel.
type flash struct {
	Page   string            `json:"p"`
	Errors []fieldError      `json:"e"`
	Values map[string]string `json:"v,omitempty"`
}

// flashCookie returns the name of the flash cookie: with the __Host-
// prefix on https, so that no sibling domain sets it.
func flashCookie(a *auth.Auth) string { return pageCookieName(a, "authui_flash") }

// maxFlashValue is the longest value a flash keeps.
const maxFlashValue = 512

// setFlash sets the flash for the next GET of a page.
func setFlash(w http.ResponseWriter, a *auth.Auth, f flash) {
	for k, v := range f.Values {
		if len(v) > maxFlashValue {
			f.Values[k] = v[:maxFlashValue]
		}
	}
	http.SetCookie(w, pageCookie(a, flashCookie(a), encodeFlash(f), 300))
}

// pageCookie is a cookie of the pages for the next GET: HttpOnly, Secure
// on https, SameSite=Lax, for maxAge seconds (-1 deletes it).
// pageCookieName is the name of a pages' cookie: __Host- on https, so
// that no sibling domain sets it.
func pageCookieName(a *auth.Auth, name string) string {
	if a.BaseURL().Scheme == "https" {
		return "__Host-" + name
	}
	return name
}

func pageCookie(a *auth.Auth, name, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode}
}

// takeFlash reads the flash and deletes it.
func takeFlash(w http.ResponseWriter, r *http.Request, a *auth.Auth) (flash, bool) {
	c, err := r.Cookie(flashCookie(a))
	if err != nil {
		return flash{}, false
	}
	http.SetCookie(w, pageCookie(a, flashCookie(a), "", -1))
	return decodeFlash(c.Value)
}

// decodeFlash decodes a flash cookie's value. It keeps only what a page
// can show: a message argument is a number of seconds, a field a form's
// field name.
func decodeFlash(value string) (flash, bool) {
	var f flash
	if !decodeJSON(value, &f) {
		return flash{}, false
	}
	for i, e := range f.Errors {
		if strings.Trim(e.Arg, "0123456789") != "" || len(e.Arg) > 6 {
			f.Errors[i].Arg = ""
		}
		if strings.Trim(strings.ToLower(e.Field), "abcdefghijklmnopqrstuvwxyz") != "" {
			f.Errors[i].Field = ""
		}
	}
	return f, true
}

// encodeFlash encodes a flash for its cookie.
func encodeFlash(f flash) string { return encodeJSON(f) }

// encodeJSON encodes a cookie's value: v, of strings only, in JSON and
// base64url.
func encodeJSON(v any) string {
	b, _ := json.Marshal(v) // strings, slices and maps of strings: never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeJSON decodes a value of encodeJSON into v.
func decodeJSON(value string, v any) bool {
	b, err := base64.RawURLEncoding.DecodeString(value)
	return err == nil && json.Unmarshal(b, v) == nil
}
