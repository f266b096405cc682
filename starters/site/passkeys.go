package site

import (
	_ "embed"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// ScriptPath is the site's one script: the WebAuthn calls of the
// passkey buttons. Every other page works without JavaScript.
const ScriptPath = "/passkeys.js"

//go:embed static/passkeys.js
var passkeysScript []byte

// passkeysOff says why pages opened at baseURL cannot use passkeys, or
// returns "" when they can. Browsers bind a passkey to a domain (the
// relying party ID, here the base URL's host) and use them only in a
// secure context: https, or http on localhost. The passkey plugin refuses
// anything else when the instance is made; the site leaves passkeys out
// instead, so that the app still starts on 127.0.0.1 or a LAN address.
func passkeysOff(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return "off: the base URL is malformed"
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case net.ParseIP(host) != nil:
		return "off: the base URL's host " + host + " is an IP address, and passkeys are bound to a domain (open the app at http://localhost:" + u.Port() + ", -addr localhost:" + u.Port() + ")"
	case u.Scheme == "https", host == "localhost", strings.HasSuffix(host, ".localhost"):
		return ""
	}
	return "off: browsers use passkeys only on https pages or on http://localhost (set -base-url to an https URL)"
}

// script serves the passkey script. The Content-Security-Policy of the
// pages allows scripts from this site only, never inline ones.
func (app *App) script(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(passkeysScript)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(passkeysScript)
}
