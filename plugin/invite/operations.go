package invite

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpCreate is POST /invite/create: [Plugin.Create].
	OpCreate = "invite.create"
	// OpIssue is [Plugin.Issue], a server operation with no route.
	OpIssue = "invite.issue"
	// OpList is GET /invite/list: [Plugin.List].
	OpList = "invite.list"
	// OpRevoke is POST /invite/revoke: [Plugin.Revoke].
	OpRevoke = "invite.revoke"
	// OpAccept is POST /invite/accept: [Plugin.Accept].
	OpAccept = "invite.accept"
)

// ops are the plugin's typed operations.
type ops struct {
	create *auth.Op[CreateRequest, Created]
	issue  *auth.Op[CreateRequest, Created]
	list   *auth.Op[auth.Empty, List]
	revoke *auth.Op[RevokeRequest, Invitation]
	accept *auth.Op[AcceptRequest, Accepted]
}

func (p *Plugin) newOps() ops {
	return ops{
		// Creating lets people in for up to a year: it needs a recent sign-in,
		// and no administrator's impersonation makes one in the user's name.
		create: &auth.Op[CreateRequest, Created]{Name: OpCreate, Method: http.MethodPost, Path: "/invite/create",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrNotAllowed, admin.ErrImpersonationForbidden}, Handler: p.handleCreate},
		issue: &auth.Op[CreateRequest, Created]{Name: OpIssue, Writes: true, Handler: p.handleCreate},
		list: &auth.Op[auth.Empty, List]{Name: OpList, Method: http.MethodGet, Path: "/invite/list",
			Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.handleList},
		revoke: &auth.Op[RevokeRequest, Invitation]{Name: OpRevoke, Method: http.MethodPost, Path: "/invite/revoke",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrInvitationNotFound}, Handler: p.handleRevoke},
		// Accepting writes nothing but a cookie; Writes puts it behind the
		// CSRF origin check, so that no other site plants a code in a browser.
		accept: &auth.Op[AcceptRequest, Accepted]{Name: OpAccept, Method: http.MethodPost, Path: "/invite/accept",
			Writes: true, Rate: auth.TightRate, Codes: []*auth.Error{ErrInvitationInvalid}, Handler: p.handleAccept},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.create, p.ops.issue, p.ops.list, p.ops.revoke, p.ops.accept}
}

// Create makes an invitation from the caller's session, if the
// [Authorizer] lets them ([ErrNotAllowed] otherwise), and shows its code
// once. It needs a fresh session ([auth.ErrFreshSessionRequired]) that no
// administrator impersonates ([admin.ErrImpersonationForbidden]); the
// user's next account-security event revokes it ([Plugin.AccountChanged]).
func (p *Plugin) Create(ctx context.Context, in CreateRequest) (Created, error) {
	return p.ops.create.Run(ctx, in)
}

// Issue makes an invitation on the host's behalf, with no inviting user,
// and shows its code once. It is a server operation ([OpIssue]) that no
// transport serves: call it from code that already decided the invitation
// may be made (an operator's command, an administration page).
func (p *Plugin) Issue(ctx context.Context, in CreateRequest) (Created, error) {
	return p.ops.issue.Run(ctx, in)
}

// List returns the caller's invitations, newest first, with who used
// them.
func (p *Plugin) List(ctx context.Context) ([]Invitation, error) {
	l, err := p.ops.list.Run(ctx, auth.Empty{})
	return l.Invitations, err
}

// Revoke ends one of the caller's invitations at once: later sign-ups
// with it answer [ErrInvitationInvalid]. An invitation that is not the
// caller's answers [ErrInvitationNotFound].
func (p *Plugin) Revoke(ctx context.Context, id string) (Invitation, error) {
	return p.ops.revoke.Run(ctx, RevokeRequest{ID: id})
}

// Accept checks a code and, over HTTP, keeps it in the browser (an
// HttpOnly cookie, for [WithCookieTTL]) for the browser's next sign-up,
// whichever way it signs up: a form, a magic link opened in the same
// browser, a provider's callback. [ErrInvitationInvalid] when the code
// names no live invitation. Go callers pass the code with [WithCode]
// instead.
func (p *Plugin) Accept(ctx context.Context, code auth.Secret) (Accepted, error) {
	return p.ops.accept.Run(ctx, AcceptRequest{Code: code})
}
