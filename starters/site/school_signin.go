package site

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/school"
)

// SchoolKind is the identity kind of school accounts; the value is
// "<schoolID>:<userID>", such as "11:demo".
const SchoolKind = "school"

// The school sign-in's error codes.
var (
	// ErrSchoolCredentials is a user id and password the school refused.
	ErrSchoolCredentials = auth.NewError("invalid_school_credentials", http.StatusUnauthorized,
		"wrong school user id or password")
	// ErrSchoolUnavailable is a school service that could not check the
	// account: down, or refusing the app's token (the log says which).
	ErrSchoolUnavailable = auth.NewError("school_unavailable", http.StatusServiceUnavailable,
		"the school cannot check accounts right now: try again later")
	// errSchoolTaken is a school account linked to another person than
	// the signed-in one.
	errSchoolTaken = auth.ErrIdentityTaken.With("this school account is linked to another account")
)

// School is a sign-in plugin for school accounts: the school's
// SmartClass interface checks the user id and password, and the person
// holding the verified identity "<schoolID>:<userID>" is signed in (made
// on first sign-in). Signing in never links a school account to whoever
// is signed in: linking is its own operation, from a fresh session. The
// password is checked and forgotten: it is never stored. Make one with
// [NewSchool].
type School struct {
	client   *school.Client
	schoolID int
	signIn   *auth.Op[SchoolSignInRequest, email.SignedIn]
	link     *auth.Op[SchoolSignInRequest, auth.Empty]
	list     *auth.Op[auth.Empty, SchoolAccounts]
}

var (
	_ auth.Plugin           = (*School)(nil)
	_ auth.Operator         = (*School)(nil)
	_ auth.IdentityProvider = (*School)(nil)
	_ auth.SignInMethod     = (*School)(nil)
)

// NewSchool returns the plugin for the accounts of schoolID that client
// checks.
func NewSchool(client *school.Client, schoolID int) *School {
	p := &School{client: client, schoolID: schoolID}
	p.signIn = &auth.Op[SchoolSignInRequest, email.SignedIn]{
		Name: "school.signIn", Method: http.MethodPost, Path: "/school/sign-in",
		Session: auth.SessionOptional, Writes: true, Credential: true, Rate: auth.TightRate,
		AccountKey: func(in SchoolSignInRequest) string { return p.value(in.UserID) },
		Codes:      []*auth.Error{ErrSchoolCredentials, ErrSchoolUnavailable, auth.ErrIdentityTaken},
		Prepare:    p.check, Handler: p.handleSignIn,
	}
	p.link = &auth.Op[SchoolSignInRequest, auth.Empty]{
		Name: "school.link", Method: http.MethodPost, Path: "/school/link",
		Session: auth.SessionFresh, Writes: true, Credential: true, Rate: auth.TightRate,
		AccountKey: func(in SchoolSignInRequest) string { return p.value(in.UserID) },
		Codes:      []*auth.Error{ErrSchoolCredentials, ErrSchoolUnavailable, auth.ErrIdentityTaken},
		Prepare:    p.check, Handler: p.handleLink,
	}
	p.list = &auth.Op[auth.Empty, SchoolAccounts]{
		Name: "school.accounts", Method: http.MethodGet, Path: "/school/accounts", Session: auth.SessionUser,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (SchoolAccounts, error) {
			ids, err := c.Identities(ctx, c.User().ID, SchoolKind)
			return SchoolAccounts{Accounts: append([]*auth.Identity{}, ids...)}, err
		},
	}
	return p
}

// SchoolSignInRequest is a school account's user id and password.
type SchoolSignInRequest struct {
	UserID   string      `json:"userId"`
	Password auth.Secret `json:"password"`

	checked bool   // Prepare had the school accept the password
	name    string // the name the school gave, if any
}

// Validate implements [auth.InputValidator].
func (r SchoolSignInRequest) Validate() error {
	switch {
	case r.UserID == "" || r.Password.IsZero():
		return errors.New("the user id and the password are required")
	case len(r.UserID) > 200 || strings.IndexFunc(r.UserID, unicode.IsControl) >= 0 || strings.TrimSpace(r.UserID) != r.UserID:
		return errors.New("the user id is malformed")
	}
	return nil
}

// SchoolAccounts is the caller's linked school accounts.
type SchoolAccounts struct {
	Accounts []*auth.Identity `json:"accounts"`
}

// Name implements [auth.Plugin].
func (p *School) Name() string { return "school" }

// Credentials implements [auth.SignInMethod].
func (p *School) Credentials() []string { return []string{"school"} }

// Operations implements [auth.Operator].
func (p *School) Operations() []auth.Operation { return []auth.Operation{p.signIn, p.link, p.list} }

// IdentityKinds implements [auth.IdentityProvider]: school accounts,
// unique, not typed in to sign in (the school checks them).
func (p *School) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: SchoolKind, Normalize: normalizeSchoolAccount, Unique: true}}
}

// SignIn checks a school account with the school and signs its holder in,
// making a new person on the account's first sign-in. It replaces the
// caller's session, if any, with the new one: it never links the account
// to the caller (see [School.Link]). Spaces around the user id are
// dropped.
func (p *School) SignIn(ctx context.Context, userID string, password auth.Secret) (email.SignedIn, error) {
	return p.signIn.Run(ctx, SchoolSignInRequest{UserID: strings.TrimSpace(userID), Password: password})
}

// Link checks a school account with the school and links it to the
// caller, who needs a fresh session. [auth.ErrIdentityTaken] when another
// person holds it.
func (p *School) Link(ctx context.Context, userID string, password auth.Secret) error {
	_, err := p.link.Run(ctx, SchoolSignInRequest{UserID: strings.TrimSpace(userID), Password: password})
	return err
}

// Accounts returns the caller's linked school accounts.
func (p *School) Accounts(ctx context.Context) ([]*auth.Identity, error) {
	l, err := p.list.Run(ctx, auth.Empty{})
	return l.Accounts, err
}

// value is the identity value of a user id at this school.
func (p *School) value(userID string) string { return strconv.Itoa(p.schoolID) + ":" + userID }

// check asks the school, before the transaction, whether the password is
// right.
func (p *School) check(ctx context.Context, c *auth.Call, in *SchoolSignInRequest) error {
	res, err := p.client.Authenticate(ctx, in.UserID, in.Password.Reveal())
	switch {
	case errors.Is(err, school.ErrInvalidCredentials):
		return ErrSchoolCredentials
	case err != nil:
		// The error is redacted by the client: no password, no token.
		c.Auth().Logger().ErrorContext(ctx, "school: the account could not be checked", "err", err)
		return ErrSchoolUnavailable
	}
	var extra struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(res.Raw, &extra) // the name is optional: the answer's shape is not published
	in.checked, in.name = true, strings.TrimSpace(extra.Name)
	return nil
}

// handleSignIn finds or makes the person holding the school account and
// starts a session for them.
func (p *School) handleSignIn(ctx context.Context, c *auth.Call, in SchoolSignInRequest) (email.SignedIn, error) {
	if !in.checked {
		return email.SignedIn{}, errors.New("site: school sign-in ran without its check")
	}
	userID, err := p.holder(ctx, c, in)
	if err != nil {
		return email.SignedIn{}, err
	}
	if c.Session() != nil {
		if err := c.EndSession(ctx); err != nil { // a new session replaces the caller's
			return email.SignedIn{}, err
		}
	}
	s, token, err := c.StartSession(ctx, userID, "school")
	if err != nil {
		return email.SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, userID)
	if err != nil {
		return email.SignedIn{}, err
	}
	return email.SignedIn{User: u, Session: s, Token: token}, nil
}

// holder returns the person the school account names, making a new person
// when it names nobody. Only a verified identity names its holder; a stale
// unverified claim gives way.
func (p *School) holder(ctx context.Context, c *auth.Call, in SchoolSignInRequest) (string, error) {
	value := p.value(in.UserID)
	id, err := c.WhoIs(ctx, SchoolKind, value)
	if err == nil {
		return id.UserID, nil
	}
	if !errors.Is(err, auth.ErrIdentityNotFound) {
		return "", err
	}
	name := in.name
	if name == "" {
		name = in.UserID
	}
	u, err := c.CreateUser(ctx, truncate(name, 100), "")
	if err != nil {
		return "", err
	}
	if _, err := c.AddIdentity(ctx, u.ID, SchoolKind, value, true); err != nil {
		return "", err
	}
	return u.ID, nil
}

// handleLink links the school account to the caller: a way into the
// account, of which the caller's verified addresses hear.
func (p *School) handleLink(ctx context.Context, c *auth.Call, in SchoolSignInRequest) (auth.Empty, error) {
	if !in.checked {
		return auth.Empty{}, errors.New("site: school link ran without its check")
	}
	_, err := c.AddIdentity(ctx, c.User().ID, SchoolKind, p.value(in.UserID), true)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return auth.Empty{}, errSchoolTaken
	}
	return auth.Empty{}, err
}

// normalizeSchoolAccount checks "<schoolID>:<userID>". It changes
// nothing: the school decides which user ids are the same, so two that
// differ (even by spaces around them) stay two accounts.
func normalizeSchoolAccount(raw string) (string, error) {
	schoolID, userID, ok := strings.Cut(raw, ":")
	if !ok || schoolID == "" || strings.Trim(schoolID, "0123456789") != "" || userID == "" ||
		strings.IndexFunc(userID, unicode.IsControl) >= 0 || strings.TrimSpace(userID) != userID {
		return "", errors.New("a school account is <schoolID>:<userID>")
	}
	return raw, nil
}

// truncate cuts s to at most n bytes without splitting a character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
