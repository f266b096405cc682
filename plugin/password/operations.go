package password

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpSignUp is POST /password/sign-up: [Plugin.SignUp].
	OpSignUp = "password.signUp"
	// OpSignIn is POST /password/sign-in: [Plugin.SignIn].
	OpSignIn = "password.signIn"
	// OpForgot is POST /password/forgot: [Plugin.Forgot].
	OpForgot = "password.forgot"
	// OpReset is POST /password/reset: [Plugin.Reset].
	OpReset = "password.reset"
	// OpChange is POST /password/change: [Plugin.Change].
	OpChange = "password.change"
	// OpSetPassword is [Plugin.SetPassword], a server operation: it has
	// no route.
	OpSetPassword = "password.setPassword"
)

// ops are the plugin's typed operations.
type ops struct {
	signUp *auth.Op[SignUpRequest, SignUpResult]
	signIn *auth.Op[SignInRequest, SignedIn]
	forgot *auth.Op[ForgotRequest, auth.Empty]
	reset  *auth.Op[ResetRequest, auth.Empty]
	change *auth.Op[ChangeRequest, auth.Empty]
	set    *auth.Op[SetPasswordRequest, auth.Empty]

	importHash *auth.Op[ImportHashRequest, auth.Empty]
}

// purposeReset is the token purpose of reset links.
const purposeReset = "password.reset"

// emailKey keys per-account rate limits on a normalized address.
func emailKey(raw string) string {
	if s, err := email.Normalize(raw); err == nil {
		return s
	}
	return strings.ToLower(strings.TrimSpace(raw))
}

// signInKeys key a sign-in's per-account rate limit.
func (p *Plugin) signInKeys(in SignInRequest) []string {
	id, err := p.identifierOf(in)
	if err != nil {
		return nil
	}
	return p.accountKeys(id)
}

// signUpKey keys a sign-up's per-account rate limit: the address, or the
// username's key.
func signUpKey(in SignUpRequest) string {
	if in.Email != "" {
		return emailKey(in.Email)
	}
	if k, err := username.Normalize(in.Username); err == nil {
		return username.Kind + ":" + k
	}
	return username.Kind + ":" + strings.ToLower(strings.TrimSpace(in.Username))
}

var policyCodes = []*auth.Error{ErrPasswordTooShort, ErrPasswordTooLong, ErrPasswordBreached, ErrBreachCheckFailed}

// signUpCodes are sign-up's codes: the password policy's, and the
// username plugin's for a username that cannot be had.
var signUpCodes = append([]*auth.Error{username.ErrInvalid, username.ErrReserved, username.ErrTaken}, policyCodes...)

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	return ops{
		signUp: &auth.Op[SignUpRequest, SignUpResult]{Name: OpSignUp, Method: post, Path: "/password/sign-up",
			Writes: true, Rate: auth.TightRate, AccountKey: signUpKey,
			Codes: signUpCodes, Prepare: p.prepareSignUp, Handler: p.handleSignUp},
		signIn: &auth.Op[SignInRequest, SignedIn]{Name: OpSignIn, Method: post, Path: "/password/sign-in",
			Writes: true, Credential: true, Rate: auth.TightRate, AccountKeys: p.signInKeys,
			Codes: []*auth.Error{ErrInvalidCredentials, ErrEmailNotVerified}, Prepare: p.prepareSignIn, Handler: p.handleSignIn},
		forgot: &auth.Op[ForgotRequest, auth.Empty]{Name: OpForgot, Method: post, Path: "/password/forgot",
			Writes: true, Rate: auth.TightRate, AccountKey: func(in ForgotRequest) string { return emailKey(in.Email) },
			Handler: p.handleForgot},
		reset: &auth.Op[ResetRequest, auth.Empty]{Name: OpReset, Method: post, Path: "/password/reset",
			Writes: true, Rate: auth.TightRate, Codes: append([]*auth.Error{auth.ErrTokenInvalid}, policyCodes...),
			Prepare: p.prepareReset, Handler: p.handleReset},
		change: &auth.Op[ChangeRequest, auth.Empty]{Name: OpChange, Method: post, Path: "/password/change",
			Writes: true, Credential: true, Session: auth.SessionFresh, Rate: auth.TightRate,
			Codes:   append([]*auth.Error{ErrInvalidCredentials, ErrNoPassword}, policyCodes...),
			Prepare: p.prepareChange, Handler: p.handleChange},
		set: &auth.Op[SetPasswordRequest, auth.Empty]{Name: OpSetPassword, Writes: true,
			Codes:   append([]*auth.Error{auth.ErrUserNotFound}, policyCodes...),
			Prepare: p.prepareSet, Handler: p.handleSet},
		importHash: &auth.Op[ImportHashRequest, auth.Empty]{Name: OpImportHash, Writes: true,
			Codes: []*auth.Error{auth.ErrUserNotFound, ErrInvalidHash}, Handler: p.handleImportHash},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.signUp, p.ops.signIn, p.ops.forgot, p.ops.reset, p.ops.change, p.ops.set, p.ops.importHash}
}

func (p *Plugin) prepareSignIn(ctx context.Context, c *auth.Call, in *SignInRequest) error {
	id, err := p.identifierOf(*in)
	if err != nil {
		return err
	}
	chk, err := p.checkPassword(ctx, c, id, in.Password)
	in.prep = chk
	return err
}

// handleSignIn starts a session after a good password check, if the
// password is still the stored one (see stillGood): a sign-in that raced a
// reset or a change fails rather than outlive it. Whether the identifier
// is verified is told only to someone who knew the password.
func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in SignInRequest) (SignedIn, error) {
	chk := in.prep
	if !chk.ok {
		return SignedIn{}, chk.wrong
	}
	still, rehash, err := p.stillGood(ctx, c, chk, in.Password)
	if err != nil {
		return SignedIn{}, err
	}
	if !still {
		return SignedIn{}, chk.wrong // a reset or change came between the check and now
	}
	if p.cfg.requireVerification && !chk.verified {
		return SignedIn{}, ErrEmailNotVerified
	}
	if rehash {
		// Compare-and-set: the new hash replaces only the one checked.
		if _, err := c.DB().Exec(ctx, sqlb.Update(Passwords).Set(PasswordHash.Set(chk.rehash.Reveal()), PasswordUpdatedAt.Set(c.Now())).
			Where(sqlb.And(PasswordUserID.Eq(chk.userID), PasswordHash.Eq(chk.checked.Reveal())))); err != nil {
			return SignedIn{}, err
		}
	}
	s, token, err := c.StartSession(ctx, chk.userID, "password")
	if err != nil {
		return SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, chk.userID)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token}, nil
}

// handleForgot sends a reset link to an address that names a person (see
// auth.Call.WhoIs), bound to that address, and answers alike for one that
// names nobody. Without the email plugin it sends nothing, and answers
// alike too.
func (p *Plugin) handleForgot(ctx context.Context, c *auth.Call, in ForgotRequest) (auth.Empty, error) {
	if p.mail == nil {
		return auth.Empty{}, nil
	}
	id, err := p.mail.Lookup(ctx, c, in.Email)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, nil
	}
	if err != nil {
		return auth.Empty{}, err
	}
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeReset, Subject: id.UserID, UserID: id.UserID,
		IdentityID: id.ID, TTL: p.cfg.resetTTL, ReplacePrevious: true})
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.mail.Send(ctx, c, PurposeReset, id.Value, email.MessageData{
		Link: p.mail.Link("/reset-password", token), Minutes: minutes(p.cfg.resetTTL)})
}

func (p *Plugin) prepareReset(ctx context.Context, _ *auth.Call, in *ResetRequest) error {
	h, err := p.newHash(ctx, in.Password)
	in.prep = &prepared{hash: h}
	return err
}

// handleReset sets the new password, counts the address the link went to
// as verified (the link proved it), and, as an account-security event,
// ends every session and every pending flow of the account.
func (p *Plugin) handleReset(ctx context.Context, c *auth.Call, in ResetRequest) (auth.Empty, error) {
	tok, err := c.ConsumeToken(ctx, purposeReset, in.Token)
	if err != nil {
		return auth.Empty{}, err
	}
	if tok.UserID == "" || tok.IdentityID == "" {
		return auth.Empty{}, auth.ErrTokenInvalid // issued unbound, before bindings existed
	}
	if _, err := c.DB().Exec(ctx, setHash(tok.UserID, in.prep.hash, c.Now())); err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.VerifyIdentity(ctx, tok.UserID, tok.IdentityID); err != nil {
		return auth.Empty{}, err
	}
	if err := c.AccountChanged(ctx, tok.UserID, auth.PasswordReset, false); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.notifyChanged(ctx, c, tok.UserID)
}

func (p *Plugin) prepareChange(ctx context.Context, c *auth.Call, in *ChangeRequest) error {
	current, err := currentHash(ctx, c.DB(), c.User().ID, false)
	if err != nil {
		return err
	}
	if current == "" {
		return ErrNoPassword
	}
	ok, _, err := p.verify(ctx, []byte(in.CurrentPassword.Reveal()), current)
	if err != nil {
		return err
	}
	if !ok {
		return ErrInvalidCredentials.With("the current password is wrong")
	}
	h, err := p.newHash(ctx, in.NewPassword)
	in.prep = &prepared{hash: h, checked: auth.NewSecret(current)}
	return err
}

// handleChange replaces the password, if the one checked is still the
// stored one, and, as an account-security event, ends every other session
// of the caller and every pending flow they did not start from this one.
func (p *Plugin) handleChange(ctx context.Context, c *auth.Call, in ChangeRequest) (auth.Empty, error) {
	uid := c.User().ID
	n, err := c.DB().Exec(ctx, sqlb.Update(Passwords).Set(PasswordHash.Set(in.prep.hash.Reveal()), PasswordUpdatedAt.Set(c.Now())).
		Where(sqlb.And(PasswordUserID.Eq(uid), PasswordHash.Eq(in.prep.checked.Reveal()))))
	if err != nil {
		return auth.Empty{}, err
	}
	if n != 1 {
		return auth.Empty{}, ErrInvalidCredentials.With("the password was changed meanwhile: try again")
	}
	if err := c.AccountChanged(ctx, uid, auth.PasswordChanged, true); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.notifyChanged(ctx, c, uid)
}

func (p *Plugin) prepareSet(ctx context.Context, _ *auth.Call, in *SetPasswordRequest) error {
	h, err := p.newHash(ctx, in.Password)
	in.prep = &prepared{hash: h}
	return err
}

// handleSet gives a user a password, replacing any, as an
// account-security event that ends every session of the user and every
// pending flow. Replacing a password tells the primary address, as a
// change does; a first password, such as a seeded account's, is set
// without a message.
func (p *Plugin) handleSet(ctx context.Context, c *auth.Call, in SetPasswordRequest) (auth.Empty, error) {
	if _, err := c.LoadUser(ctx, in.UserID); err != nil {
		return auth.Empty{}, err
	}
	// The lock makes a sign-in that checked the old hash outside its
	// transaction fail, or finish first and have its session ended here.
	had, err := currentHash(ctx, c.DB(), in.UserID, true)
	if err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.DB().Exec(ctx, setHash(in.UserID, in.prep.hash, c.Now())); err != nil {
		return auth.Empty{}, err
	}
	if err := c.AccountChanged(ctx, in.UserID, auth.PasswordChanged, false); err != nil {
		return auth.Empty{}, err
	}
	if had == "" {
		return auth.Empty{}, nil
	}
	return auth.Empty{}, p.notifyChanged(ctx, c, in.UserID)
}

// notifyChanged tells the user's primary address that the password
// changed, if there is an email plugin and the user has an address.
func (p *Plugin) notifyChanged(ctx context.Context, c *auth.Call, userID string) error {
	if p.mail == nil {
		return nil
	}
	var primary sql.Null[string]
	err := c.DB().One(ctx, sqlb.Select(email.PrimaryEmail.Into(&primary)).From(auth.Users).Where(auth.UserID.Eq(userID)))
	if err != nil || !primary.Valid {
		return err
	}
	return p.mail.Send(ctx, c, PurposeChanged, primary.V, email.MessageData{})
}
