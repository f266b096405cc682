// Package organization is organizations on top of the access plugin:
// members whose roles are access grants in the organization's scope (its
// ID), invitations by email bound to a verified address, ownership that
// never runs out, and the active organization of a session.
//
// See docs/plugins/organization.md for the model, the operations table,
// the errors and the security analysis.
//
// # Configuration
//
// The access plugin's vocabulary includes [Resources] (and the host's
// own resources); its roles include an owner role granting every
// permission of [Resources] and a member role ([DefaultRoles] are three):
//
//	acc := access.New(vocabulary, access.WithRoles(organization.DefaultRoles()...))
//	org := organization.New(acc)
//	a, err := auth.New(..., auth.WithPlugins(emailPlugin, acc, org))
//
// # Routes
//
// Under /organization/: create, get, update, delete, list, members,
// remove-member, leave, update-role, transfer-ownership, invite,
// accept-invitation, reject-invitation, cancel-invitation, invitations,
// my-invitations, set-active, create-team, update-team, delete-team,
// add-team-member, remove-team-member, teams, add-domain, verify-domain,
// remove-domain, domains, suggested, join. All need a signed-in user.
//
// # Storage
//
// auth_organization ([Organizations]), auth_organization_member
// ([Members]), auth_organization_invitation ([Invitations]),
// auth_organization_active ([Active]), auth_organization_team ([Teams]),
// auth_organization_team_member ([TeamMembers]) and
// auth_organization_domain ([Domains]); roles in access's
// auth_access_role, scope = organization ID.
//
// # Security
//
// Every operation on an organization answers [ErrOrganizationNotFound]
// to a non-member, exactly as for an organization that does not exist,
// and checks the caller's permission with access in the organization's
// scope. Changes of membership lock the organization's row, so that the
// last owner is never removed, demoted or let go under any concurrency.
// An invitation is accepted only by a user holding its address as a
// verified email identity; its token is single-use.
package organization
