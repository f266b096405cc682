package test

import (
	"encoding/json"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
)

// TestOrganizationLifecycle creates, reads, updates, lists and deletes
// an organization, and checks that deleting takes the members' roles and
// custom roles of its scope with it.
func TestOrganizationLifecycle(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob := f.person(t, "alice", true), f.person(t, "bob", true)
		o, err := f.org.Create(alice.ctx(), organization.Fields{Slug: "  Acme-Corp ", Name: "Acme", Logo: "https://acme.example/logo.png",
			Metadata: json.RawMessage(`{"plan":"pro"}`)})
		if err != nil {
			t.Fatal(err)
		}
		if o.Slug != "acme-corp" || len(o.Roles) != 1 || o.Roles[0] != "owner" {
			t.Fatalf("Create = %+v, want slug acme-corp, roles [owner]", o)
		}
		_, err = f.org.Create(bob.ctx(), organization.Fields{Slug: "ACME-CORP", Name: "Other"})
		wantCode(t, "Create of a taken slug in another case", err, organization.ErrSlugTaken)
		for _, bad := range []organization.Fields{
			{Slug: "-x", Name: "x"}, {Slug: "a b", Name: "x"}, {Slug: "ok", Name: ""},
			{Slug: "ok", Name: "x", Logo: "javascript:alert(1)"}, {Slug: "ok", Name: "x", Logo: "http://plain.example/x.png"},
			{Slug: "ok", Name: "x", Metadata: json.RawMessage(`[1]`)},
			{Slug: "ok", Name: "x", Metadata: json.RawMessage(`{"a":"` + string(make([]byte, 5000)) + `"}`)},
		} {
			_, err := f.org.Create(bob.ctx(), bad)
			wantCode(t, "Create("+bad.Slug+", "+bad.Logo+")", err, auth.ErrInvalidInput)
		}
		got, err := f.org.Get(alice.ctx(), o.ID)
		if err != nil || got.Name != "Acme" || string(got.Metadata) != `{"plan":"pro"}` {
			t.Fatalf("Get = %+v, %v", got, err)
		}
		_, err = f.org.Get(bob.ctx(), o.ID)
		wantCode(t, "Get by a non-member", err, organization.ErrOrganizationNotFound)
		_, err = f.org.Get(bob.ctx(), "0190a0a0-0000-7000-8000-000000000000")
		wantCode(t, "Get of no organization", err, organization.ErrOrganizationNotFound)
		up, err := f.org.Update(alice.ctx(), organization.UpdateRequest{OrganizationID: o.ID,
			Fields: organization.Fields{Slug: "acme", Name: "Acme Inc"}})
		if err != nil || up.Slug != "acme" || up.Name != "Acme Inc" || string(up.Metadata) != "{}" {
			t.Fatalf("Update = %+v, %v", up, err)
		}
		other := f.create(t, bob, "bobs")
		_, err = f.org.Update(alice.ctx(), organization.UpdateRequest{OrganizationID: o.ID, Fields: organization.Fields{Slug: "bobs", Name: "x"}})
		wantCode(t, "Update to another's slug", err, organization.ErrSlugTaken)
		list, err := f.org.List(alice.ctx())
		if err != nil || len(list) != 1 || list[0].ID != o.ID {
			t.Fatalf("List = %+v, %v, want only %s", list, err, o.ID)
		}
		if _, err := f.acc.DefineRole(t.Context(), access.DefineRoleRequest{Scope: o.ID, Name: "auditor",
			Statements: access.Statements{"project": {"read"}}}); err != nil {
			t.Fatal(err)
		}
		f.add(t, alice, o.ID, bob, "auditor")
		wantCode(t, "Delete", f.org.Delete(alice.ctx(), o.ID), nil)
		if r := f.roles(t, o.ID, bob.ID); len(r) != 0 {
			t.Fatalf("roles after Delete = %v, want none", r)
		}
		if _, found, err := f.acc.CustomRole(t.Context(), o.ID, "auditor"); err != nil || found {
			t.Fatalf("custom role after Delete: found %v, %v", found, err)
		}
		_, err = f.org.Get(alice.ctx(), o.ID)
		wantCode(t, "Get after Delete", err, organization.ErrOrganizationNotFound)
		if _, err := f.org.Get(bob.ctx(), other.ID); err != nil {
			t.Fatalf("Get of another organization after Delete = %v", err)
		}
		if n := len(f.events.Of(organization.EventDeleted)); n != 1 {
			t.Fatalf("%d deleted events, want 1", n)
		}
	})
}
