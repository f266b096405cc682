package gqlauth

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/sesame-go/sesame/auth"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// Error returns e as a GraphQL error at the field ctx resolves, with the
// extensions code (e's code), status (its HTTP status) and, when e says
// when to retry, retryAfter (whole seconds, rounded up). Its message is
// e's, an internal error's cause never.
func Error(ctx context.Context, e *auth.Error) *gqlerror.Error {
	ext := map[string]any{"code": e.Code, "status": e.Status}
	if e.RetryAfter > 0 {
		ext["retryAfter"] = int((e.RetryAfter + 999_999_999) / 1_000_000_000) // round up: retrying early fails
	}
	msg := e.Message
	if e.Code == auth.ErrInternal.Code {
		msg = auth.ErrInternal.Message
	}
	ge := &gqlerror.Error{Message: msg, Extensions: ext}
	if graphql.GetFieldContext(ctx) != nil {
		ge.Path = graphql.GetPath(ctx)
	}
	return ge
}

// Code returns the Sesame error code a GraphQL error carries in its
// extensions, or "".
func Code(err error) string {
	var ge *gqlerror.Error
	if errors.As(err, &ge) {
		if c, ok := ge.Extensions["code"].(string); ok {
			return c
		}
	}
	return ""
}
