package test

import (
	"net/url"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
)

// TestSettingsTextInTheCatalog renders the addresses, providers and
// continue pages with their notices and errors, fresh and stale, in the
// pseudo-locale: every text and labelling attribute is the catalog's.
// And in German, for a browser that asks for it.
func TestSettingsTextInTheCatalog(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	langs := []authui.Option{authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo())}
	s, _ := addressSite(t, e, langs...)
	b := s.signedInAs(t, "ada@example.com", "correct horse battery")
	b.lang = "x-pseudo, en;q=0.5"
	check := func(what string, p page) { t.Helper(); inPseudo(t, what, p) }
	check("addresses", b.get(addresses))
	_, p := b.submit(addresses, addresses+"/email/add", url.Values{"email": {"bad"}})
	check("add error", p)
	_, p = b.submit(addresses, addresses+"/email/add", url.Values{"email": {"two@example.com"}})
	check("added", p)
	_, p = b.submit(addresses, addresses+"/phone/add", url.Values{"phone": {adaPhone}})
	check("one number waits", p)
	_, p = b.submit(addresses, addresses+"/phone/add", url.Values{"phone": {"+447700900002"}})
	check("two numbers wait", p)
	_, p = b.submit(addresses, addresses+"/phone/verify", url.Values{"code": {"000000"}})
	check("code error", p)
	s.clock.Advance(s.a.Sessions().FreshAge * 2)
	_, p = b.submit(addresses, addresses+"/email/remove", url.Values{"email": {"two@example.com"}})
	check("stale", p)
	b.lang = "de"
	want(t, "German", b.get(addresses), "E-Mail-Adressen", "Telefonnummern", "Erneut anmelden und hierher zurückkehren")

	ps, op := providerSite(t, authtest.SQLiteEngine(t), nil, nil, langs...)
	op.LogInAs("2002")
	pb := ps.signedInAs(t, "ada@example.com", "correct horse battery")
	pb.lang = "x-pseudo, en;q=0.5"
	check("providers", pb.get(providers))
	onward, last := pb.linkTo("test")
	check("continue", onward)
	check("linked", last)
	_, p = pb.send(providers, providers+"/unlink", url.Values{"provider": {"github"}})
	check("unlink error", p)
	check("provider error", pb.get(providers+"?error=oauth_account_taken"))
}
