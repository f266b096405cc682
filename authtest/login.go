package authtest

import (
	"context"
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// Login is a sign-in method for tests only: it signs anyone in by name,
// creating the user on first use (the name is an identity of kind
// "authtest", unique, compared byte for byte). Never pass it to a
// production instance.
type Login struct {
	op *auth.Op[LoginRequest, LoginResult]
}

// LoginRequest names the person to sign in.
type LoginRequest struct {
	Name string `json:"name"`
}

// Validate implements auth.InputValidator.
func (r LoginRequest) Validate() error {
	if r.Name == "" {
		return errors.New("name is required")
	}
	return nil
}

// LoginResult is the signed-in user and session; Token is for Go callers.
type LoginResult struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
}

var _ auth.Plugin = (*Login)(nil)

// NewLogin returns the test sign-in plugin. Its route is
// POST {prefix}/authtest/sign-in {"name": "..."}.
func NewLogin() *Login {
	l := &Login{}
	l.op = &auth.Op[LoginRequest, LoginResult]{
		Name: "authtest.signIn", Method: http.MethodPost, Path: "/authtest/sign-in", Writes: true,
		Rate: auth.TightRate, AccountKey: func(in LoginRequest) string { return in.Name },
		Handler: func(ctx context.Context, c *auth.Call, in LoginRequest) (LoginResult, error) {
			u, err := l.user(ctx, c, in.Name)
			if err != nil {
				return LoginResult{}, err
			}
			s, token, err := c.StartSession(ctx, u.ID, "authtest")
			if err != nil {
				return LoginResult{}, err
			}
			return LoginResult{User: u, Session: s, Token: token}, nil
		},
	}
	return l
}

// user finds the user of a name, or creates one.
func (l *Login) user(ctx context.Context, c *auth.Call, name string) (*auth.User, error) {
	id, err := c.WhoIs(ctx, "authtest", name)
	if err == nil {
		return c.LoadUser(ctx, id.UserID)
	}
	if !errors.Is(err, auth.ErrIdentityNotFound) {
		return nil, err
	}
	u, err := c.CreateUser(ctx, name, "")
	if err != nil {
		return nil, err
	}
	if _, err := c.AddIdentity(ctx, u.ID, "authtest", name, true); err != nil {
		return nil, err
	}
	return u, nil
}

// IdentityKinds implements auth.IdentityProvider.
func (l *Login) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: "authtest", Unique: true, SignIn: true,
		Normalize: func(raw string) (string, error) { return raw, nil }}}
}

// Name implements auth.Plugin.
func (l *Login) Name() string { return "authtest" }

// Credentials implements auth.SignInMethod.
func (l *Login) Credentials() []string { return []string{"authtest"} }

// Operations implements auth.Operator.
func (l *Login) Operations() []auth.Operation { return []auth.Operation{l.op} }

// SignIn creates a user named name and signs them in.
func (l *Login) SignIn(ctx context.Context, name string) (LoginResult, error) {
	return l.op.Run(ctx, LoginRequest{Name: name})
}
