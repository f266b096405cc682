package site

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// Option changes how [New] builds the app.
type Option func(*options)

type options struct {
	github func(clientID string, secret auth.Secret, callbackURL string) *oauth.Provider
	auth   []auth.Option
}

// WithAuthOptions adds options to the Sesame instance [New] builds, after
// its own, which they may override: auth.WithOutbox for production,
// auth.WithTrustedProxies behind a proxy, auth.WithClock in tests.
func WithAuthOptions(opts ...auth.Option) Option {
	return func(o *options) { o.auth = append(o.auth, opts...) }
}
