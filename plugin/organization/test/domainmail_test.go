package test

import (
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
)

// mailDomainCode has p mail a code for d to postmaster@ of it and
// returns the code read from the mailbox.
func (f *fixture) mailDomainCode(t testing.TB, p *person, d organization.Domain) auth.Secret {
	t.Helper()
	to := "postmaster@" + d.Domain
	if _, err := f.org.MailDomainCode(p.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: to}); err != nil {
		t.Fatalf("MailDomainCode(%s) = %v", d.Domain, err)
	}
	return auth.NewSecret(f.mail.Code(t, to, organization.DomainCodePurpose))
}

// addDomain adds a domain of policy suggest to an organization.
func (f *fixture) addDomain(t testing.TB, p *person, orgID, name string) organization.Domain {
	t.Helper()
	d, err := f.org.AddDomain(p.ctx(), organization.DomainRequest{OrganizationID: orgID, Domain: name, Policy: organization.PolicySuggest})
	if err != nil {
		t.Fatalf("AddDomain(%s) = %v", name, err)
	}
	return d
}

// TestDomainByMailedCode proves a domain with a code mailed to an address
// in it: only to an address of exactly that domain, only by a caller who
// may add domains, once (a replay is refused), and the domain is then
// verified with one event that says the proof was mail.
func TestDomainByMailedCode(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob, mallory := f.person(t, "alice", true), f.person(t, "bob", true), f.person(t, "mallory", true)
		o := f.create(t, alice, "acme")
		f.add(t, alice, o.ID, bob, "member")
		f.create(t, mallory, "theirs")
		d := f.addDomain(t, alice, o.ID, "acme.example")
		for _, to := range []string{"postmaster@sub.acme.example", "postmaster@acme.example.evil", "mallory@evil.example"} {
			_, err := f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: to})
			wantCode(t, "MailDomainCode to "+to, err, organization.ErrDomainAddress)
			if n := len(f.mail.Messages(to)); n != 0 {
				t.Fatalf("%d messages to %s, want none", n, to)
			}
		}
		_, err := f.org.MailDomainCode(bob.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: "webmaster@acme.example"})
		wantCode(t, "MailDomainCode by a member", err, access.ErrPermissionDenied)
		_, err = f.org.MailDomainCode(mallory.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: "webmaster@acme.example"})
		wantCode(t, "MailDomainCode by an outsider", err, organization.ErrDomainNotFound)
		sent, err := f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: "WebMaster@ACME.example"})
		if err != nil || sent.Email != "WebMaster@acme.example" {
			t.Fatalf("MailDomainCode = %+v, %v", sent, err)
		}
		code := auth.NewSecret(f.mail.Code(t, "WebMaster@acme.example", organization.DomainCodePurpose))
		_, err = f.org.ConfirmDomainCode(bob.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		wantCode(t, "ConfirmDomainCode by a member", err, access.ErrPermissionDenied)
		_, err = f.org.ConfirmDomainCode(mallory.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		wantCode(t, "ConfirmDomainCode by an outsider", err, organization.ErrDomainNotFound)
		got, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		if err != nil || got.VerifiedAt.IsZero() {
			t.Fatalf("ConfirmDomainCode = %+v, %v", got, err)
		}
		_, err = f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		wantCode(t, "a replayed code", err, auth.ErrCodeInvalid)
		ev := f.events.Of(organization.EventDomainVerified)
		if len(ev) != 1 || !strings.Contains(ev[0].Detail, "proof=mail") || !strings.Contains(ev[0].Detail, "organization="+o.ID) {
			t.Fatalf("domain_verified events = %+v, want one by mail", ev)
		}
		_, err = f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: "webmaster@acme.example"})
		wantCode(t, "MailDomainCode for a verified domain", err, organization.ErrDomainTaken)
	})
}

// TestDomainCodeAttemptsAndExpiry: wrong codes are counted; past the
// limit even the right code is refused and the domain stays unverified; a
// new code replaces the old one; a code past its TTL is refused.
func TestDomainCodeAttemptsAndExpiry(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, organization.WithDomainCode(10*time.Minute, 3))
		alice := f.person(t, "alice", true)
		o := f.create(t, alice, "acme")
		d := f.addDomain(t, alice, o.ID, "acme.example")
		code := f.mailDomainCode(t, alice, d)
		wrong := auth.NewSecret("000000")
		if code.Reveal() == wrong.Reveal() {
			wrong = auth.NewSecret("000001")
		}
		for range 3 {
			_, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: wrong})
			wantCode(t, "a wrong code", err, auth.ErrCodeInvalid)
		}
		_, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		wantCode(t, "the right code past the attempts", err, auth.ErrTooManyAttempts)
		old := code
		code = f.mailDomainCode(t, alice, d)
		if old.Reveal() != code.Reveal() {
			_, err = f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: old})
			wantCode(t, "a replaced code", err, auth.ErrCodeInvalid)
		}
		f.clock.Advance(10*time.Minute + time.Second)
		_, err = f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
		wantCode(t, "an expired code", err, auth.ErrCodeInvalid)
		if l, err := f.org.Domains(alice.ctx(), o.ID); err != nil || !l[0].VerifiedAt.IsZero() {
			t.Fatalf("Domains = %+v, %v, want it unverified", l, err)
		}
		if n := len(f.events.Of(organization.EventDomainVerified)); n != 0 {
			t.Fatalf("%d domain_verified events, want none", n)
		}
	})
}

// TestDomainCodeBoundToOrganizationAndDomain: a code mailed for one
// domain of one organization verifies neither another domain of it nor
// the same name in another organization; it still works for its own; and
// a name verified by one organization is then taken for the other.
func TestDomainCodeBoundToOrganizationAndDomain(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, mallory := f.person(t, "alice", true), f.person(t, "mallory", true)
		o, theirs := f.create(t, alice, "acme"), f.create(t, mallory, "theirs")
		mine, other := f.addDomain(t, alice, o.ID, "acme.example"), f.addDomain(t, alice, o.ID, "other.example")
		same := f.addDomain(t, mallory, theirs.ID, "acme.example")
		code := f.mailDomainCode(t, alice, mine)
		theirCode := f.mailDomainCode(t, mallory, same)
		_, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: other.ID, Code: code})
		wantCode(t, "a code of another domain of the organization", err, auth.ErrCodeInvalid)
		_, err = f.org.ConfirmDomainCode(mallory.ctx(), organization.DomainCodeRequest{DomainID: same.ID, Code: code})
		if code.Reveal() != theirCode.Reveal() {
			wantCode(t, "a code of the same name in another organization", err, auth.ErrCodeInvalid)
		}
		if got, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: mine.ID, Code: code}); err != nil || got.VerifiedAt.IsZero() {
			t.Fatalf("ConfirmDomainCode of its own domain = %+v, %v", got, err)
		}
		if code.Reveal() != theirCode.Reveal() { // else mallory's code was used above
			_, err = f.org.ConfirmDomainCode(mallory.ctx(), organization.DomainCodeRequest{DomainID: same.ID, Code: theirCode})
			wantCode(t, "a name another organization verified", err, organization.ErrDomainTaken)
		}
		l, err := f.org.Domains(mallory.ctx(), theirs.ID)
		if err != nil || len(l) != 1 || !l[0].VerifiedAt.IsZero() {
			t.Fatalf("the other organization's domains = %+v, %v, want it unverified", l, err)
		}
		l, err = f.org.Domains(alice.ctx(), o.ID)
		if err != nil || len(l) != 2 || !l[1].VerifiedAt.IsZero() {
			t.Fatalf("Domains = %+v, %v, want other.example unverified", l, err)
		}
	})
}

// TestDomainCodeRace confirms one code from 20 concurrent requests: one
// verification and one event; each other request is told the code is
// invalid.
func TestDomainCodeRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice := f.person(t, "alice", true)
		o := f.create(t, alice, "acme")
		d := f.addDomain(t, alice, o.ID, "acme.example")
		code := f.mailDomainCode(t, alice, d)
		errs := concurrently(20, func(int) error {
			_, err := f.org.ConfirmDomainCode(alice.ctx(), organization.DomainCodeRequest{DomainID: d.ID, Code: code})
			return err
		})
		oneWon(t, "ConfirmDomainCode", errs, auth.ErrCodeInvalid)
		if n := len(f.events.Of(organization.EventDomainVerified)); n != 1 {
			t.Fatalf("%d domain_verified events, want 1", n)
		}
	})
}

// TestDomainMailboxes: by default only the domain's administrative
// mailboxes (DefaultDomainMailboxes) are mailed a domain's code, never a
// user's own address in it (a webmail user would prove the webmail's
// domain); WithDomainMailboxes sets the list and WithAnyDomainMailbox
// lifts it.
func TestDomainMailboxes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tc := range []struct {
			name           string
			opts           []organization.Option
			allowed, other string
		}{
			{"default", nil, "Postmaster@acme-default.example", "alice@acme-default.example"},
			{"set", []organization.Option{organization.WithDomainMailboxes("security")}, "security@acme-set.example", "postmaster@acme-set.example"},
		} {
			f := newFixture(t, e, nil, tc.opts...)
			alice := f.person(t, "alice-"+tc.name, true)
			d := f.addDomain(t, alice, f.create(t, alice, "acme-"+tc.name).ID, "acme-"+tc.name+".example")
			_, err := f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: tc.other})
			wantCode(t, tc.name+": MailDomainCode to "+tc.other, err, organization.ErrDomainAddress)
			if n := len(f.mail.Messages(tc.other)); n != 0 {
				t.Fatalf("%s: %d messages to %s, want none", tc.name, n, tc.other)
			}
			if _, err := f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: tc.allowed}); err != nil {
				t.Fatalf("%s: MailDomainCode to %s = %v", tc.name, tc.allowed, err)
			}
		}
		f := newFixture(t, e, nil, organization.WithAnyDomainMailbox())
		alice := f.person(t, "alice-any", true)
		d := f.addDomain(t, alice, f.create(t, alice, "acme-any").ID, "acme-any.example")
		if _, err := f.org.MailDomainCode(alice.ctx(), organization.MailDomainRequest{DomainID: d.ID, Email: "alice@acme-any.example"}); err != nil {
			t.Fatalf("WithAnyDomainMailbox: MailDomainCode to a user's address = %v", err)
		}
	})
}
