package authui

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/sesame-go/sesame/auth"
)

// Passkeys, with the passkey plugin. Listing, renaming and removing are
// forms that work without scripts. Adding one, signing in with one and
// passing a second factor with one need the browser's WebAuthn API: the
// static script authui-passkey.js asks its page's options route for the
// ceremony's options (a form post like any other, with the form token),
// runs navigator.credentials.create or .get, puts the answer in the
// form's credential field and posts the form, which runs the ceremony's
// end as every form runs its action.

// The routes of the passkey ceremonies, under the prefix.
const (
	passkeyAddPath    = securityPath + "/passkeys/add"
	passkeySignInPath = "/sign-in/passkey"
	passkeySecondPath = "/two-factor/passkey"
	optionsSuffix     = "/options"
)

// passkeyScript is the path of the script, under the prefix.
const passkeyScript = "/authui-passkey.js"

// ceremonyOptions returns the handler of a script's request for the
// options of a ceremony: op's output as JSON. It checks the post as form
// does (origin, form token). A refusal answers its status with
// {"redirect": path}: the flash carries the error to the page, which the
// script then opens, so that errors show as every form's do.
func (u *ui) ceremonyOptions(page, op string, in any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		back := u.cfg.prefix + pagePath[page]
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		err := r.ParseForm()
		switch {
		case err != nil:
			err = auth.ErrInvalidInput
		case !sameOrigin(r, u.a):
			err = auth.ErrInvalidOrigin
		case !tokenMatches(r, u.a):
			err = errFormExpired
		}
		var out json.RawMessage
		if err == nil {
			out, err = u.runPasskey(w, r, op, in)
		}
		h := w.Header()
		secure(h)
		h.Set("Content-Type", "application/json")
		if err != nil {
			e := auth.AsError(err)
			if e.Code == auth.ErrNoSession.Code || e.Code == auth.ErrSessionRequired.Code {
				back = u.cfg.prefix + pagePath[pageSignIn] + "?next=" + url.QueryEscape(back)
			}
			setFlash(w, u.a, flash{Page: pageOf(back, page), Errors: []fieldError{{Code: e.Code}}})
			out, _ = json.Marshal(map[string]string{"redirect": back})
			h.Set("Content-Length", strconv.Itoa(len(out)))
			w.WriteHeader(e.Status)
			_, _ = w.Write(out)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(http.StatusOK) // said, since a framework's fallback route may have set 404 (gin's NoRoute)
		_, _ = w.Write(out)
	}
}

// pageOf is the page a refusal sends the browser to: the sign-in page
// when it must sign in first.
func pageOf(back, page string) string {
	if u, err := url.Parse(back); err == nil && u.Query().Get("next") != "" {
		return pageSignIn
	}
	return page
}

// addPasskey registers the passkey the script created.
func (u *ui) addPasskey(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	cred, err := credential(f.Get("credential"))
	if err == nil {
		_, err = u.runPasskey(w, r, opPasskeyRegister, credentialInput{Credential: cred, Name: f.Get("name")})
	}
	if err != nil {
		return u.securityFailed(r, err, nil)
	}
	return outcome{to: withDone(u.cfg.prefix+securityPath, "passkey_added")}
}

// renamePasskey renames one of the person's passkeys: the plugin finds it
// among theirs only.
func (u *ui) renamePasskey(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	id := f.Get("id")
	if _, err := u.runPasskey(w, r, opPasskeyRename, map[string]string{"id": id, "name": f.Get("name")}); err != nil {
		return u.securityFailed(r, err, map[string]string{"id": id, "label": f.Get("name")}, auth.ErrInvalidInput.Code, "label")
	}
	return outcome{to: withDone(u.cfg.prefix+securityPath, "passkey_renamed")}
}

// removePasskey removes one of the person's passkeys, from a fresh
// session: an account-security event that signs out their other sessions.
func (u *ui) removePasskey(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	if _, err := u.runPasskey(w, r, opPasskeyRemove, map[string]string{"id": f.Get("id")}); err != nil {
		return u.securityFailed(r, err, nil)
	}
	return outcome{to: withDone(u.cfg.prefix+securityPath, "passkey_removed")}
}

// passkeySignIn signs in with the passkey the script got: the plugin's
// operation starts the session, whose cookie Invoke sets.
func (u *ui) passkeySignIn(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	cred, err := credential(f.Get("credential"))
	if err == nil {
		_, err = u.runPasskey(w, r, opPasskeySignIn, credentialInput{Credential: cred})
	}
	if err != nil {
		return outcome{err: err, keep: map[string]string{"next": next}}
	}
	return outcome{to: u.afterSignIn(next)}
}

// passkeySecondFactor passes a pending session's second factor with a
// passkey of the person's: the plugin checks that the session is pending
// and offers the method, and replaces it with a new one.
func (u *ui) passkeySecondFactor(w http.ResponseWriter, r *http.Request, f url.Values) outcome {
	next := f.Get("next")
	if _, ok := pendingMethods(r); !ok {
		return u.notPendingOutcome(r, next)
	}
	cred, err := credential(f.Get("credential"))
	if err == nil {
		_, err = u.runPasskey(w, r, opPasskeySecond, credentialInput{Credential: cred})
	}
	if err != nil {
		return outcome{err: err, keep: map[string]string{"next": next}, back: u.secondFactorPath(next)}
	}
	return outcome{to: u.afterSignIn(next)}
}

// serveScript serves authui-passkey.js.
func (u *ui) serveScript(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK) // as in serveCSS
	_, _ = w.Write(u.script)
}
