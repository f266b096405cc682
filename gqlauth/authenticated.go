package gqlauth

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/sesame-go/sesame/auth"
)

// Authenticated implements the @authenticated directive of the schema
// auth graphql writes: it resolves the field only for a signed-in user
// whose session no session check blocks, as [authhttp.RequireUser] lets a
// request through; others get the error no_session, or the blocking
// check's (a ban, a second factor still to enter). Set it in gqlgen's
// DirectiveRoot:
//
//	graph.DirectiveRoot{Authenticated: gqlauth.Authenticated}
func Authenticated(ctx context.Context, _ any, next graphql.Resolver) (any, error) {
	_, u, blocked := admitted(ctx)
	switch {
	case blocked != nil:
		return nil, Error(ctx, blocked)
	case u == nil:
		return nil, Error(ctx, auth.ErrNoSession)
	}
	return next(ctx)
}

// User returns the signed-in user of a resolver's context, as
// [authhttp.Middleware] admitted it: none without a live session, or when
// a session check blocks it.
func User(ctx context.Context) (*auth.User, bool) {
	_, u, blocked := admitted(ctx)
	if blocked != nil || u == nil {
		return nil, false
	}
	return u, true
}

// Session returns the session of a resolver's context, as
// [authhttp.Middleware] admitted it: none without a live session, or when
// a session check blocks it.
func Session(ctx context.Context) (*auth.Session, bool) {
	s, _, blocked := admitted(ctx)
	if blocked != nil || s == nil {
		return nil, false
	}
	return s, true
}

// admitted is the session of ctx's request, its user and the refusal of
// the session check that blocks it, as the Middleware admitted them.
func admitted(ctx context.Context) (*auth.Session, *auth.User, *auth.Error) {
	req := auth.RequestFrom(ctx)
	if req == nil {
		return nil, nil, nil
	}
	return req.Admission()
}
