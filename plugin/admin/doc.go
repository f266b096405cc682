// Package admin is the administration of users: find them by ID,
// identifier or name, read their identities and sessions, create them
// with verified identifiers, ban and unban them, end their sessions, give
// them roles, and act as them for a while (impersonation).
//
// # Configuration
//
// Pass the plugin to [auth.New] beside a sign-in method:
//
//	adm := admin.New()                                  // users of role "admin" administer
//	a, err := auth.New(..., auth.WithPlugins(pw, adm))
//
// Who may run each admin operation is the [Authorizer]'s decision: every
// operation asks it for a [Permission] (and the target user) before it
// reads or writes anything, and answers [ErrPermissionDenied] when it says
// no. The default, [Roles], keeps one role per user in the [UserRole]
// column; [DefaultRoles] has [RoleAdmin], which holds every permission
// but [PermImpersonateAdmins]. [WithRoles] declares other roles,
// [WithAuthorizer] replaces the decision (roles in the host's tables, a
// policy engine). The first administrator gets the role from the host's
// own code, such as a seeding command, through the server operation
// GrantRole, which no route serves and which names the person by a
// verified identifier:
//
//	adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "email", Identifier: "ada@example.com", Role: admin.RoleAdmin})
//
// [WithMaxImpersonation] shortens impersonations (an hour at most, the
// default).
//
// # Routes
//
// Relative to the handler's prefix, each served by an operation of the
// same pipeline as its Go method:
//
//	GET  /admin/users               ?query=&by=name|identifier|id&kind=&cursor=&limit=  [Plugin.ListUsers]
//	GET  /admin/user                ?userId=               [Plugin.GetUser]
//	GET  /admin/user/sessions       ?userId=               [Plugin.ListUserSessions]
//	POST /admin/create-user         {name, image, identifiers, role}  [Plugin.CreateUser]
//	POST /admin/ban                 {userId, reason, until}           [Plugin.Ban]
//	POST /admin/unban               {userId}               [Plugin.Unban]
//	POST /admin/revoke-sessions     {userId}               [Plugin.RevokeSessions]
//	POST /admin/set-role            {userId, role}         [Plugin.SetRole]
//	POST /admin/impersonate         {userId, minutes}      [Plugin.Impersonate]
//	POST /admin/stop-impersonating  {userId}               [Plugin.StopImpersonating]
//
// Creating users, bans, roles and impersonation need a fresh session
// ([auth.SessionFresh]). Searches page through users in the order of their
// IDs with a cursor, so a page never repeats or skips a user because
// others were created meanwhile; names and identifiers match by prefix,
// ignoring case, alike on every engine.
//
// # Storage
//
// No table of its own: four columns of the user table, loaded with every
// user ([auth.UserExtender]): banned, ban_reason, banned_until and role,
// in the user's JSON as banned, banReason, bannedUntil and role.
// Impersonation sessions are ordinary sessions of the impersonated user,
// in whatever session store the instance uses, with their
// [auth.Session.ImpersonatorID] set and an [Impersonated] mark in their
// data.
//
// # Security
//
// A ban is an account-security event ([Banned], through
// [auth.Call.AccountChanged]): it ends every session and pending token of
// the user in the ban's transaction, and drops the user's cached sessions.
// The session check then refuses every request of a banned user's
// sessions with [ErrBanned] (with no query: the ban columns come with the
// user), whatever store or cache kept one, and the session starter
// refuses every sign-in of every method until the ban ends: when it is
// lifted, or by the clock at its end.
//
// An impersonation is a session of the user, started by
// [auth.Call.Impersonate], that shows in the user's own list of sessions
// (ImpersonatorID, and the "impersonated" mark with its end), which the
// user may revoke. It lasts at most an hour whatever refreshes do to its
// expiry ([ErrImpersonationEnded] after), ends when the administrator
// stops it, and may not run operations that need a fresh session (those
// that change how one gets into the account) nor admin operations
// ([ErrImpersonationForbidden]). Every operation it runs, and every
// request of it the middleware admits, is sent to the event sink with
// both users' IDs ([EventImpersonatedAction], [EventImpersonatedRequest]).
// An administrator ([Authorizer.IsAdmin]) is impersonated only with
// [PermImpersonateAdmins], which the default roles give nobody; nobody
// bans, impersonates or changes the role of their own account
// ([ErrOwnAccount]). With the default roles, giving a role needs every
// permission of that role and of the target's current one, so that no
// one grants more than they hold. Every admin operation that changes
// something is sent to the event sink as [EventAdminAction].
package admin
