package test

import (
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
)

// TestDomainVerification proves a domain by its DNS TXT record, through
// the injected lookup: refused before the record is published, by a
// member who may not update, or by an outsider; verified once; and a
// name another organization verified is taken.
func TestDomainVerification(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob, mallory := f.person(t, "alice", true), f.person(t, "bob", true), f.person(t, "mallory", true)
		o := f.create(t, alice, "acme")
		theirs := f.create(t, mallory, "theirs")
		f.add(t, alice, o.ID, bob, "member")
		_, err := f.org.AddDomain(bob.ctx(), organization.DomainRequest{OrganizationID: o.ID, Domain: "acme.example", Policy: organization.PolicySuggest})
		wantCode(t, "AddDomain by a member", err, access.ErrPermissionDenied)
		d, err := f.org.AddDomain(alice.ctx(), organization.DomainRequest{OrganizationID: o.ID, Domain: "ACME.example.", Policy: organization.PolicySuggest})
		if err != nil || d.Domain != "acme.example" || d.TXTName != "_sesame-verification.acme.example" {
			t.Fatalf("AddDomain = %+v, %v", d, err)
		}
		_, err = f.org.VerifyDomain(alice.ctx(), d.ID)
		wantCode(t, "VerifyDomain before the record", err, organization.ErrDomainNotVerified)
		f.dns.publish(d.TXTName, "sesame-verification=wrong")
		_, err = f.org.VerifyDomain(alice.ctx(), d.ID)
		wantCode(t, "VerifyDomain with a wrong record", err, organization.ErrDomainNotVerified)
		f.dns.publish(d.TXTName, d.TXTValue)
		_, err = f.org.VerifyDomain(mallory.ctx(), d.ID)
		wantCode(t, "VerifyDomain by an outsider", err, organization.ErrDomainNotFound)
		got, err := f.org.VerifyDomain(alice.ctx(), d.ID)
		if err != nil || got.VerifiedAt.IsZero() {
			t.Fatalf("VerifyDomain = %+v, %v", got, err)
		}
		// Another organization may claim the name, and even publish its own
		// record, but not verify it.
		d2, err := f.org.AddDomain(mallory.ctx(), organization.DomainRequest{OrganizationID: theirs.ID, Domain: "acme.example", Policy: organization.PolicyAutoJoin})
		if err != nil {
			t.Fatal(err)
		}
		f.dns.publish(d2.TXTName, d2.TXTValue)
		_, err = f.org.VerifyDomain(mallory.ctx(), d2.ID)
		wantCode(t, "VerifyDomain of a name another organization verified", err, organization.ErrDomainTaken)
		wantCode(t, "RemoveDomain by an outsider", f.org.RemoveDomain(mallory.ctx(), d.ID), organization.ErrDomainNotFound)
		if list, err := f.org.Domains(alice.ctx(), o.ID); err != nil || len(list) != 1 {
			t.Fatalf("Domains = %+v, %v", list, err)
		}
		wantCode(t, "RemoveDomain", f.org.RemoveDomain(alice.ctx(), d.ID), nil)
	})
}

// TestDomainPoliciesNeverUnverified: a verified domain of policy
// auto-join makes members of users whose VERIFIED address is in it, and
// of policy suggest lists the organization to them and lets them join;
// a user who holds such an address unverified is never joined, never
// suggested, and refused Join.
func TestDomainPoliciesNeverUnverified(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice := f.person(t, "alice", true)
		auto, suggest := f.create(t, alice, "auto"), f.create(t, alice, "suggest")
		for _, c := range []struct {
			org            organization.Organization
			domain, policy string
		}{{auto, "auto.example", organization.PolicyAutoJoin}, {suggest, "suggest.example", organization.PolicySuggest}} {
			d, err := f.org.AddDomain(alice.ctx(), organization.DomainRequest{OrganizationID: c.org.ID, Domain: c.domain, Policy: c.policy})
			if err != nil {
				t.Fatal(err)
			}
			f.dns.publish(d.TXTName, d.TXTValue)
			if _, err := f.org.VerifyDomain(alice.ctx(), d.ID); err != nil {
				t.Fatal(err)
			}
		}
		in := func(label, addr string, verified bool) *person { return f.personAt(t, label+"-"+addr, addr, verified) }
		verified := in("v", "dev@auto.example", true)
		if _, err := f.org.Get(verified.ctx(), auto.ID); err != nil {
			t.Fatalf("a verified address of an auto-join domain: Get = %v, want a member", err)
		}
		unverified := in("u", "intruder@auto.example", false)
		_, err := f.org.Get(unverified.ctx(), auto.ID)
		wantCode(t, "an unverified address of an auto-join domain: Get", err, organization.ErrOrganizationNotFound)
		if l, err := f.org.Suggested(unverified.ctx()); err != nil || len(l) != 0 {
			t.Fatalf("Suggested to an unverified address = %+v, %v, want none", l, err)
		}
		_, err = f.org.Join(unverified.ctx(), auto.ID)
		wantCode(t, "Join with an unverified address", err, organization.ErrOrganizationNotFound)

		s := in("s", "dev@suggest.example", true)
		_, err = f.org.Get(s.ctx(), suggest.ID)
		wantCode(t, "a suggest domain joins no one by itself", err, organization.ErrOrganizationNotFound)
		l, err := f.org.Suggested(s.ctx())
		if err != nil || len(l) != 1 || l[0].ID != suggest.ID {
			t.Fatalf("Suggested = %+v, %v, want the suggest organization", l, err)
		}
		if _, err := f.org.Join(s.ctx(), suggest.ID); err != nil {
			t.Fatalf("Join = %v", err)
		}
		if r := f.roles(t, suggest.ID, s.ID); len(r) != 1 || r[0] != "member" {
			t.Fatalf("roles after Join = %v, want [member]", r)
		}
		_, err = f.org.Join(s.ctx(), auto.ID)
		wantCode(t, "Join of an organization of another domain", err, organization.ErrOrganizationNotFound)
	})
}
