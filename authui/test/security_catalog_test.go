package test

import (
	"net/url"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
)

// TestSecurityTextsInTheCatalog renders the security page in each of its
// states (nothing set up, a key being set up, a wrong first code,
// recovery codes shown, a factor and a passkey listed, a refused rename),
// the sign-in page and the second step with their passkey buttons, in the
// pseudo-locale: every text is a message of the catalog.
func TestSecurityTextsInTheCatalog(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s, _, b := passkeySiteWith(t, e, authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo()))
	b.lang = "x-pseudo, en;q=0.5"
	check := func(what string, p page) { t.Helper(); inPseudo(t, what, p) }
	check("nothing set up", b.get(securityPage))
	key, p := b.setUpApp("Phone")
	check("key", p)
	form := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
	form.Set("code", "000000")
	check("wrong code", b.open(b.postRaw(s.base, securityPage+"/totp/confirm", form).Location))
	form.Set("code", key.Code(s.clock.Now()))
	check("recovery codes", b.open(b.postRaw(s.base, securityPage+"/totp/confirm", form).Location))
	check("passkey added", b.addPasskey(newAuthenticator(s), "Laptop"))
	_, p = b.submit(securityPage, securityPage+"/passkeys/rename", url.Values{"name": {""}})
	check("rename refused", p)
	b.submit(securityPage, "/sign-out", nil)
	check("sign-in", b.get("/sign-in"))
	_, p = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
	check("second step", p)
}

// TestSecurityInGerman: the security page has its German texts.
func TestSecurityInGerman(t *testing.T) {
	_, _, b := passkeySite(t, authtest.SQLiteEngine(t))
	b.lang = "de"
	want(t, "security", b.get(securityPage), `<html lang="de">`, "Sicherheit der Anmeldung", "Passkey hinzufügen",
		"Authenticator-App hinzufügen")
}
