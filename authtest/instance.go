package authtest

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

// BaseURL is the base URL of instances made by [NewAuth].
const BaseURL = "http://sesame.test/auth"

// NewAuth returns a migrated instance on the engine's database with the
// [Login] plugin, the base URL [BaseURL] and whatever opts add (they come
// last, so they can override). It fails the test on any error.
func NewAuth(tb testing.TB, e *Engine, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(BaseURL), auth.WithPlugins(NewLogin())}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		tb.Fatalf("Migrate: %v", err)
	}
	return a
}
