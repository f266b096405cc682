package admin

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpListUsers is GET /admin/users: [Plugin.ListUsers].
	OpListUsers = "admin.listUsers"
	// OpGetUser is GET /admin/user: [Plugin.GetUser].
	OpGetUser = "admin.getUser"
	// OpListUserSessions is GET /admin/user/sessions: [Plugin.ListUserSessions].
	OpListUserSessions = "admin.listUserSessions"
	// OpCreateUser is POST /admin/create-user: [Plugin.CreateUser].
	OpCreateUser = "admin.createUser"
	// OpBan is POST /admin/ban: [Plugin.Ban].
	OpBan = "admin.ban"
	// OpUnban is POST /admin/unban: [Plugin.Unban].
	OpUnban = "admin.unban"
	// OpRevokeSessions is POST /admin/revoke-sessions: [Plugin.RevokeSessions].
	OpRevokeSessions = "admin.revokeSessions"
	// OpSetRole is POST /admin/set-role: [Plugin.SetRole].
	OpSetRole = "admin.setRole"
	// OpImpersonate is POST /admin/impersonate: [Plugin.Impersonate].
	OpImpersonate = "admin.impersonate"
	// OpStopImpersonating is POST /admin/stop-impersonating:
	// [Plugin.StopImpersonating].
	OpStopImpersonating = "admin.stopImpersonating"
	// OpGrantRole is a server operation, with no route: [Plugin.GrantRole].
	OpGrantRole = "admin.grantRole"
)

// ops are the plugin's typed operations.
type ops struct {
	list        *auth.Op[ListUsersRequest, UserPage]
	get         *auth.Op[UserRequest, UserDetails]
	sessions    *auth.Op[UserRequest, SessionList]
	create      *auth.Op[CreateUserRequest, *auth.User]
	ban         *auth.Op[BanRequest, *auth.User]
	unban       *auth.Op[UserRequest, *auth.User]
	revoke      *auth.Op[UserRequest, auth.Empty]
	setRole     *auth.Op[SetRoleRequest, *auth.User]
	impersonate *auth.Op[ImpersonateRequest, Impersonation]
	stop        *auth.Op[StopRequest, Ended]
	grant       *auth.Op[GrantRoleRequest, *auth.User]
	names       []string
}

func (p *Plugin) newOps() ops {
	codes := func(more ...*auth.Error) []*auth.Error {
		return append(append([]*auth.Error{}, adminCodes...), more...)
	}
	o := ops{
		list: &auth.Op[ListUsersRequest, UserPage]{Name: OpListUsers, Method: http.MethodGet, Path: "/admin/users",
			Session: auth.SessionUser, Codes: codes(), Handler: p.listUsers},
		get: &auth.Op[UserRequest, UserDetails]{Name: OpGetUser, Method: http.MethodGet, Path: "/admin/user",
			Session: auth.SessionUser, Codes: codes(), Handler: p.getUser},
		sessions: &auth.Op[UserRequest, SessionList]{Name: OpListUserSessions, Method: http.MethodGet,
			Path: "/admin/user/sessions", Session: auth.SessionUser, Codes: codes(auth.ErrSessionsNotListed), Handler: p.listUserSessions},
		create: &auth.Op[CreateUserRequest, *auth.User]{Name: OpCreateUser, Method: http.MethodPost, Path: "/admin/create-user",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate,
			Codes: codes(auth.ErrIdentityTaken, ErrUnknownRole), Handler: p.createUser},
		ban: &auth.Op[BanRequest, *auth.User]{Name: OpBan, Method: http.MethodPost, Path: "/admin/ban",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate, Codes: codes(ErrOwnAccount), Handler: p.ban},
		unban: &auth.Op[UserRequest, *auth.User]{Name: OpUnban, Method: http.MethodPost, Path: "/admin/unban",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate, Codes: codes(), Handler: p.unban},
		revoke: &auth.Op[UserRequest, auth.Empty]{Name: OpRevokeSessions, Method: http.MethodPost, Path: "/admin/revoke-sessions",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: codes(), Handler: p.revokeSessions},
		setRole: &auth.Op[SetRoleRequest, *auth.User]{Name: OpSetRole, Method: http.MethodPost, Path: "/admin/set-role",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate,
			Codes: codes(ErrOwnAccount, ErrUnknownRole), Handler: p.setRole},
		impersonate: &auth.Op[ImpersonateRequest, Impersonation]{Name: OpImpersonate, Method: http.MethodPost,
			Path: "/admin/impersonate", Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate,
			Codes: codes(ErrOwnAccount), Handler: p.impersonate},
		stop: &auth.Op[StopRequest, Ended]{Name: OpStopImpersonating, Method: http.MethodPost, Path: "/admin/stop-impersonating",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: codes(auth.ErrSessionsNotListed), Handler: p.stopImpersonating},
		grant: &auth.Op[GrantRoleRequest, *auth.User]{Name: OpGrantRole, Writes: true,
			Codes: []*auth.Error{auth.ErrIdentityNotFound, ErrUnknownRole}, Handler: p.grantRole},
	}
	for _, op := range o.all() {
		o.names = append(o.names, op.Info().Name)
	}
	return o
}

func (o ops) all() []auth.Operation {
	return []auth.Operation{o.list, o.get, o.sessions, o.create, o.ban, o.unban, o.revoke, o.setRole, o.impersonate, o.stop, o.grant}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return p.ops.all() }

// ListUsers returns a page of users matching the request, to the
// caller holding [PermViewUsers].
func (p *Plugin) ListUsers(ctx context.Context, in ListUsersRequest) (UserPage, error) {
	return p.ops.list.Run(ctx, in)
}

// GetUser returns a user with their identities, to the caller holding
// [PermViewUsers]; [auth.ErrUserNotFound] when there is no such user.
func (p *Plugin) GetUser(ctx context.Context, userID string) (UserDetails, error) {
	return p.ops.get.Run(ctx, UserRequest{UserID: userID})
}

// ListUserSessions returns a user's live sessions, newest first,
// impersonations among them, to the caller holding [PermViewUsers].
func (p *Plugin) ListUserSessions(ctx context.Context, userID string) ([]*auth.Session, error) {
	l, err := p.ops.sessions.Run(ctx, UserRequest{UserID: userID})
	return l.Sessions, err
}

// CreateUser creates a user whose identifiers are all verified, to a
// caller holding [PermCreateUsers] (and [PermSetRole] to give a role),
// from a fresh session. An identifier that names someone answers
// [auth.ErrIdentityTaken] and creates nothing.
func (p *Plugin) CreateUser(ctx context.Context, in CreateUserRequest) (*auth.User, error) {
	return p.ops.create.Run(ctx, in)
}

// Ban bans a user, to a caller holding [PermBanUsers], from a fresh
// session: every session and pending token of the user ends at once, and
// every sign-in answers [ErrBanned] until the ban ends.
func (p *Plugin) Ban(ctx context.Context, in BanRequest) (*auth.User, error) {
	return p.ops.ban.Run(ctx, in)
}

// Unban lifts a user's ban, to a caller holding [PermBanUsers], from a
// fresh session.
func (p *Plugin) Unban(ctx context.Context, userID string) (*auth.User, error) {
	return p.ops.unban.Run(ctx, UserRequest{UserID: userID})
}

// RevokeSessions ends every session and pending token of a user (but
// the caller's own session, when it is the user's), to a caller holding
// [PermRevokeSessions].
func (p *Plugin) RevokeSessions(ctx context.Context, userID string) error {
	_, err := p.ops.revoke.Run(ctx, UserRequest{UserID: userID})
	return err
}

// SetRole gives a user a role of [WithRoles], or takes it away with "",
// to a caller holding [PermSetRole], from a fresh session.
func (p *Plugin) SetRole(ctx context.Context, in SetRoleRequest) (*auth.User, error) {
	return p.ops.setRole.Run(ctx, in)
}

// Impersonate starts a session of another user for the caller, holding
// [PermImpersonate] (and [PermImpersonateAdmins] when the user is an
// administrator), from a fresh session. See [auth.Call.Impersonate].
func (p *Plugin) Impersonate(ctx context.Context, in ImpersonateRequest) (Impersonation, error) {
	return p.ops.impersonate.Run(ctx, in)
}

// StopImpersonating ends the caller's impersonation session, or, from an
// administrator's session, the impersonations of in.UserID the caller
// started; it returns how many sessions it ended.
func (p *Plugin) StopImpersonating(ctx context.Context, in StopRequest) (int64, error) {
	e, err := p.ops.stop.Run(ctx, in)
	return e.Ended, err
}

// GrantRole gives a role to the person who holds a verified identifier,
// or takes it away with "". It is a server operation: no route serves it,
// it needs no session and asks no [Authorizer], so that a seeding command
// of the host's can make the first administrator. Only the host's Go code
// runs it; never wire it to a request that the host has not authorized.
// It answers [auth.ErrIdentityNotFound] when no one holds the identifier
// verified, and [ErrUnknownRole] for a role the plugin does not know.
func (p *Plugin) GrantRole(ctx context.Context, in GrantRoleRequest) (*auth.User, error) {
	return p.ops.grant.Run(ctx, in)
}
