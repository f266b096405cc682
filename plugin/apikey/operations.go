package apikey

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpCreate is POST /api-keys/create: [Plugin.Create].
	OpCreate = "apikey.create"
	// OpList is GET /api-keys: [Plugin.List].
	OpList = "apikey.list"
	// OpRevoke is POST /api-keys/revoke: [Plugin.Revoke].
	OpRevoke = "apikey.revoke"
	// OpRotate is POST /api-keys/rotate: [Plugin.Rotate].
	OpRotate = "apikey.rotate"
	// OpCreateFor is the server operation [Plugin.CreateFor].
	OpCreateFor = "apikey.createFor"
	// OpListFor is the server operation [Plugin.ListFor].
	OpListFor = "apikey.listFor"
	// OpRevokeAll is the server operation [Plugin.RevokeAll].
	OpRevokeAll = "apikey.revokeAll"
)

// ops are the plugin's typed operations.
type ops struct {
	create    *auth.Op[CreateRequest, Created]
	list      *auth.Op[auth.Empty, KeyList]
	revoke    *auth.Op[KeyRequest, Revoked]
	rotate    *auth.Op[RotateRequest, Created]
	createFor *auth.Op[CreateForRequest, Created]
	listFor   *auth.Op[UserRequest, KeyList]
	revokeAll *auth.Op[UserRequest, Revoked]
}

func (p *Plugin) newOps() ops {
	create := []*auth.Error{ErrUnknownScope, ErrTooManyKeys}
	return ops{
		create: &auth.Op[CreateRequest, Created]{Name: OpCreate, Method: http.MethodPost, Path: "/api-keys/create",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate, Codes: create,
			Handler: func(ctx context.Context, c *auth.Call, in CreateRequest) (Created, error) {
				return p.create(ctx, c, c.User().ID, in)
			}},
		list: &auth.Op[auth.Empty, KeyList]{Name: OpList, Method: http.MethodGet, Path: "/api-keys",
			Session: auth.SessionUser, Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (KeyList, error) {
				return p.list(ctx, c, c.User().ID)
			}},
		revoke: &auth.Op[KeyRequest, Revoked]{Name: OpRevoke, Method: http.MethodPost, Path: "/api-keys/revoke",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrKeyNotFound},
			Handler: p.revoke},
		rotate: &auth.Op[RotateRequest, Created]{Name: OpRotate, Method: http.MethodPost, Path: "/api-keys/rotate",
			Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrKeyNotFound, ErrKeyRotated, ErrTooManyKeys}, Handler: p.rotate},
		createFor: &auth.Op[CreateForRequest, Created]{Name: OpCreateFor, Writes: true,
			Codes: append(create, auth.ErrUserNotFound),
			Handler: func(ctx context.Context, c *auth.Call, in CreateForRequest) (Created, error) {
				return p.create(ctx, c, in.UserID, in.CreateRequest) // its lock finds an unknown user
			}},
		listFor: &auth.Op[UserRequest, KeyList]{Name: OpListFor,
			Handler: func(ctx context.Context, c *auth.Call, in UserRequest) (KeyList, error) {
				return p.list(ctx, c, in.UserID)
			}},
		revokeAll: &auth.Op[UserRequest, Revoked]{Name: OpRevokeAll, Writes: true,
			Handler: func(ctx context.Context, c *auth.Call, in UserRequest) (Revoked, error) {
				n, err := p.revokeAll(ctx, c, in.UserID)
				return Revoked{Revoked: n}, err
			}},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.create, o.list, o.revoke, o.rotate, o.createFor, o.listFor, o.revokeAll}
}

// Create makes a key for the caller, from a fresh session (never from a
// key): the answer shows the key this once; only its hash is kept.
// [ErrUnknownScope] is a scope not declared, [ErrTooManyKeys] a user at
// the limit ([WithMaxKeys]).
func (p *Plugin) Create(ctx context.Context, in CreateRequest) (Created, error) {
	return p.ops.create.Run(ctx, in)
}

// List returns the caller's live keys, newest first, without the keys
// themselves: each shows its prefix and last four characters.
func (p *Plugin) List(ctx context.Context) ([]Key, error) {
	l, err := p.ops.list.Run(ctx, auth.Empty{})
	return l.Keys, err
}

// Revoke ends one of the caller's keys at once, rotated ones in their
// grace period included. An ID that names no key of the caller's (someone
// else's among them) is [ErrKeyNotFound].
func (p *Plugin) Revoke(ctx context.Context, id string) error {
	_, err := p.ops.revoke.Run(ctx, KeyRequest{ID: id})
	return err
}

// Rotate replaces one of the caller's keys, from a fresh session, with a
// new key of the same name, scopes, rate limit and lifetime, shown this
// once; the old key works for the grace period (24 hours by default, at
// most 7 days), so that its users can move to the new one. A key
// rotates once: a second rotation, even at the same moment, is
// [ErrKeyRotated].
func (p *Plugin) Rotate(ctx context.Context, in RotateRequest) (Created, error) {
	return p.ops.rotate.Run(ctx, in)
}

// CreateFor makes a key for a user, as Create does, for the host's own
// code (an administration page, a provisioning script): a server
// operation no route serves, which does not ask who calls it.
// [auth.ErrUserNotFound] is an unknown user.
func (p *Plugin) CreateFor(ctx context.Context, in CreateForRequest) (Created, error) {
	return p.ops.createFor.Run(ctx, in)
}

// ListFor returns a user's live keys, as List does, for the host's own
// code: a server operation.
func (p *Plugin) ListFor(ctx context.Context, userID string) ([]Key, error) {
	l, err := p.ops.listFor.Run(ctx, UserRequest{UserID: userID})
	return l.Keys, err
}

// RevokeAll ends every key of a user at once and returns how many, for
// the host's own code (a compromised integration, an offboarding): a
// server operation.
func (p *Plugin) RevokeAll(ctx context.Context, userID string) (int64, error) {
	r, err := p.ops.revokeAll.Run(ctx, UserRequest{UserID: userID})
	return r.Revoked, err
}
