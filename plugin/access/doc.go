// Package access is Sesame's permission model: permission statements
// (resource → actions), roles as named sets of statements, roles granted
// to users per scope, and the checks that read them, for Go code
// ([Plugin.Can]), for routes ([Plugin.RequirePermission]), for API keys
// (their scopes are the same statements) and for the admin plugin
// ([Plugin.AdminAuthorizer]).
//
// # Configuration
//
// The host declares its vocabulary and its roles in Go:
//
//	acc := access.New(access.Resources{
//		"project": {"read", "write", "delete"},
//		"billing": {"read", "manage"},
//	}, access.WithRoles(
//		access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}},
//		access.Role{Name: "owner", Statements: access.Statements{"project": {"read", "write", "delete"}, "billing": {"read", "manage"}}},
//	))
//
// [auth.New] reports, in one error, every problem: a role naming an
// unknown resource or action, a role granting nothing, two roles of one
// name, a malformed name. Names are 1 to 64 ASCII letters, digits, '.',
// '_' or '-': never ':', which separates resource and action in an API
// key's scope.
//
// # Scopes and custom roles
//
// A role is granted to a user in a scope: "" for every scope, or a
// scope of the host's (the organization plugin uses an organization's ID).
// A check within a scope counts the roles of that scope and those of "".
// [Plugin.DefineRole] stores a custom role of a scope, checked against
// the vocabulary; it may not take the name of a role of [WithRoles], and
// deleting it deletes its grants.
//
// # Routes
//
// None: [Plugin.Grant], [Plugin.Revoke], [Plugin.DefineRole] and
// [Plugin.DeleteRole] are server operations, which only the host's Go
// code runs (after deciding the caller may, with [Plugin.Can], and that
// they hold what they hand out, with [Plugin.Covers]).
// [Plugin.RequirePermission] guards the host's own routes.
//
// # API keys
//
// A key of the apikey plugin carries scopes; the scope "project:read"
// ([KeyScope]) stands for action read on resource project. A request that
// presents a key may do what the key's scopes name and its owner's roles
// allow, both: a key never grants more than its owner holds, and
// revoking the owner's role stops the key at once.
//
// # Storage
//
// auth_access_role ([Grants]) holds the grants, one row per user, scope
// and role (its primary key makes concurrent grants one row); it cascades
// with the user. auth_access_custom_role ([CustomRoles]) holds the custom
// roles, their statements as JSON.
//
// # Security
//
// Checks read the grants from the database each time, so a revocation
// takes effect at the next request. Granting and revoking raise
// [EventRoleGranted] and [EventRoleRevoked] once committed; they end no
// session, since no session holds a permission.
package access
