package site

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// WithGitHub makes the GitHub provider of "Sign in with GitHub" with make
// instead of the oauth plugin's GitHub preset: the gin starter builds it
// with goth. It applies when the configuration names a GitHub app; make
// must name its provider "github".
func WithGitHub(make func(clientID string, secret auth.Secret, callbackURL string) *oauth.Provider) Option {
	return func(o *options) { o.github = make }
}

// oauthPlugin returns the oauth plugin for the configured GitHub app, or
// nil when none is configured. Sign-ins land on the account page, and a
// failed one on the sign-in page, which shows the error's code.
func oauthPlugin(cfg Config, o options) *oauth.Plugin {
	if cfg.GitHubClientID == "" {
		return nil
	}
	callback := cfg.BaseURL + AuthPrefix + "/oauth/github/callback"
	provider := oauth.GitHub(cfg.GitHubClientID, cfg.GitHubClientSecret)
	if o.github != nil {
		provider = o.github(cfg.GitHubClientID, cfg.GitHubClientSecret, callback)
	}
	return oauth.New([]*oauth.Provider{provider}, oauth.WithSuccessURL("/account"), oauth.WithErrorURL(SignInPath))
}
