package auth_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// history is an example plugin a host could copy: it records every
// sign-in, shows a user their history, keeps the last sign-in time on the
// user, and blocks sessions of users it has locked. It implements every
// optional plugin interface that fits it.
type history struct {
	a         *auth.Auth
	keep      time.Duration
	listOp    *auth.Op[auth.Empty, historyList]
	lastLogin auth.UserField
}

// The plugin's own table, and a column it adds to the user table.
var (
	signIns       = sqlb.NewTable("history_sign_in")
	signInID      = sqlb.NewColumn[string](signIns, "id", sqlb.String(36).Labeled("id"))
	signInUser    = sqlb.NewColumn[string](signIns, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	signInAt      = sqlb.NewColumn[time.Time](signIns, "at", sqlb.Time())
	signInIP      = sqlb.NewColumn[string](signIns, "ip", sqlb.String(64))
	lastSignIn    = sqlb.AddedColumn[sql.Null[time.Time]](auth.Users, "last_sign_in_at", sqlb.Time(), sqlb.Nullable())
	lockedColumn  = sqlb.AddedColumn[bool](auth.Users, "history_locked", sqlb.Bool(), sqlb.Default(false))
	errLocked     = auth.NewError("account_locked", http.StatusForbidden, "this account is locked")
	errNoKeepTime = errors.New("history: keep time must be positive")
)

func init() {
	signIns.PrimaryKey(signInID)
	signIns.Index(signInUser, signInAt)
}

type historyList struct {
	SignIns []historyEntry `json:"signIns"`
}

type historyEntry struct {
	At time.Time `json:"at"`
	IP string    `json:"ip"`
}

func newHistory(keep time.Duration) *history {
	h := &history{keep: keep, lastLogin: auth.Field("lastSignInAt", lastSignIn)}
	h.listOp = &auth.Op[auth.Empty, historyList]{
		Name: "history.list", Method: http.MethodGet, Path: "/history", Session: auth.SessionUser,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (historyList, error) {
			var e historyEntry
			out := historyList{SignIns: []historyEntry{}}
			q := sqlb.Select(signInAt.Into(&e.At), signInIP.Into(&e.IP)).From(signIns).
				Where(signInUser.Eq(c.User().ID)).OrderBy(signInAt.Desc()).Limit(50)
			err := c.DB().All(ctx, q, func() error { out.SignIns = append(out.SignIns, e); return nil })
			return out, err
		},
	}
	return h
}

// Name implements auth.Plugin.
func (h *history) Name() string { return "history" }

// Init implements auth.Initializer: keep the instance for later.
func (h *history) Init(a *auth.Auth) error { h.a = a; return nil }

// Validate implements auth.Validator.
func (h *history) Validate(*auth.Auth) error {
	if h.keep <= 0 {
		return errNoKeepTime
	}
	return nil
}

// Operations implements auth.Operator.
func (h *history) Operations() []auth.Operation { return []auth.Operation{h.listOp} }

// List is the typed Go method of the operation.
func (h *history) List(ctx context.Context) ([]historyEntry, error) {
	l, err := h.listOp.Run(ctx, auth.Empty{})
	return l.SignIns, err
}

// UserFields implements auth.UserExtender.
func (h *history) UserFields() []auth.UserField { return []auth.UserField{h.lastLogin} }

// Tables and Migrations implement auth.Schema.
func (h *history) Tables() []*sqlb.Table { return []*sqlb.Table{signIns} }
func (h *history) Migrations() []auth.Migration {
	return []auth.Migration{
		auth.Changes("001_create", sqlb.CreateTable(signIns)),
		auth.Changes("002_lock", sqlb.AddColumn(lockedColumn)),
	}
}

// ErrorCodes implements auth.ErrorCoder: the code its session check uses.
func (h *history) ErrorCodes() []*auth.Error { return []*auth.Error{errLocked} }

// After implements auth.AfterHook: inside the transaction of any call that
// signed someone in, record the sign-in, so that a failed sign-in records
// nothing.
func (h *history) After(ctx context.Context, c *auth.Call, _, _ any) error {
	s := c.Started()
	if s == nil {
		return nil
	}
	if _, err := c.DB().Exec(ctx, sqlb.Insert(signIns).Row(signInID.Set(s.ID), signInUser.Set(s.UserID),
		signInAt.Set(s.CreatedAt), signInIP.Set(s.IP))); err != nil {
		return err
	}
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(lastSignIn.Set(sql.Null[time.Time]{V: s.CreatedAt, Valid: true})).
		Where(auth.UserID.Eq(s.UserID)))
	return err
}

// Committed implements auth.CommitHook: effects after the commit.
func (h *history) Committed(ctx context.Context, op auth.OpInfo, _, _ any) {
	if op.Writes {
		h.a.Logger().DebugContext(ctx, "history: committed", "op", op.Name)
	}
}

// CheckSession implements auth.SessionChecker: a locked user's sessions
// can do nothing until an admin unlocks them.
func (h *history) CheckSession(ctx context.Context, c *auth.Call) error {
	var locked bool
	err := c.DB().One(ctx, sqlb.Select(lockedColumn.Into(&locked)).From(auth.Users).Where(auth.UserID.Eq(c.User().ID)))
	if err != nil {
		return err
	}
	if locked {
		return errLocked
	}
	return nil
}

// Sweep implements auth.Sweeper: forget sign-ins older than the keep time.
func (h *history) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(signIns).Where(signInAt.Lt(now.Add(-h.keep))))
}

// Maintain implements auth.Maintainer.
func (h *history) Maintain(ctx context.Context, a *auth.Auth) error {
	var n int64
	if err := a.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(signIns)); err != nil {
		return err
	}
	a.Logger().InfoContext(ctx, "history: sign-ins kept", "count", n)
	return nil
}

// console is a second example plugin: a delivery channel that prints
// messages, a sign-in identifier kind, a second factor, and operations
// that follow the account security model (docs/security.md):
//
//   - claiming a nickname changes how one gets into the account, so it
//     needs a fresh session (SessionFresh, declared once, on the operation);
//   - the claim is unverified until the code sent for it comes back; the
//     code is bound to its user and to the identity it was sent for
//     (TokenSpec.UserID, IdentityID), so a claim removed or passed on
//     since kills it, and so does any account-security event of the user;
//   - only c.WhoIs says whom a nickname names, never a bare lookup: an
//     unverified claim names nobody;
//   - the message goes out through c.Send: after the answer, or through
//     the outbox (auth.WithOutbox);
//   - releasing a nickname is an account-security event (c.AccountChanged).
type console struct {
	claim, confirm, release *auth.Op[nicknameRequest, auth.Empty]
}

// nicknameRequest names a nickname, with the code sent for it.
type nicknameRequest struct {
	Nickname string      `json:"nickname"`
	Code     auth.Secret `json:"code"`
}

func newConsole() *console {
	p := &console{}
	post := http.MethodPost
	p.claim = &auth.Op[nicknameRequest, auth.Empty]{Name: "console.claim", Method: post, Path: "/nickname/claim",
		Session: auth.SessionFresh, Writes: true, Rate: auth.TightRate,
		Handler: func(ctx context.Context, c *auth.Call, in nicknameRequest) (auth.Empty, error) {
			id, err := c.AddIdentity(ctx, c.User().ID, "nickname", in.Nickname, false)
			if err != nil {
				return auth.Empty{}, err // identity_taken: the nickname names someone
			}
			code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: "console.claim", Subject: id.ID, TTL: 10 * time.Minute,
				UserID: id.UserID, IdentityID: id.ID, ReplacePrevious: true}, 6)
			if err != nil {
				return auth.Empty{}, err
			}
			return auth.Empty{}, c.Send(ctx, "console", auth.Message{Purpose: "nickname-code", To: id.Value,
				Subject: "Your code", Text: code.Reveal()})
		}, Codes: []*auth.Error{auth.ErrIdentityTaken}}
	p.confirm = &auth.Op[nicknameRequest, auth.Empty]{Name: "console.confirm", Method: post, Path: "/nickname/confirm",
		Session: auth.SessionUser, Writes: true, Rate: auth.TightRate, Codes: []*auth.Error{auth.ErrCodeInvalid, auth.ErrTooManyAttempts},
		Handler: func(ctx context.Context, c *auth.Call, in nicknameRequest) (auth.Empty, error) {
			mine, err := c.Identities(ctx, c.User().ID, "nickname")
			if err != nil || len(mine) == 0 {
				return auth.Empty{}, cmpOr(err, auth.ErrCodeInvalid)
			}
			tok, err := c.ConsumeCode(ctx, "console.claim", mine[len(mine)-1].ID, in.Code, 5)
			if err != nil {
				return auth.Empty{}, err
			}
			_, err = c.VerifyIdentity(ctx, tok.UserID, tok.IdentityID)
			return auth.Empty{}, err
		}}
	p.release = &auth.Op[nicknameRequest, auth.Empty]{Name: "console.release", Method: post, Path: "/nickname/release",
		Session: auth.SessionFresh, Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrIdentityNotFound},
		Handler: func(ctx context.Context, c *auth.Call, in nicknameRequest) (auth.Empty, error) {
			id, err := c.WhoIs(ctx, "nickname", in.Nickname)
			if err != nil || id.UserID != c.User().ID {
				return auth.Empty{}, cmpOr(err, auth.ErrIdentityNotFound)
			}
			if err := c.RemoveIdentity(ctx, id.UserID, id.ID); err != nil {
				return auth.Empty{}, err
			}
			return auth.Empty{}, c.AccountChanged(ctx, id.UserID, auth.IdentityRemoved, true)
		}}
	return p
}

// cmpOr returns err, or else fallback.
func cmpOr(err error, fallback *auth.Error) error {
	if err != nil {
		return err
	}
	return fallback
}

func (*console) Name() string { return "console" }

// Operations implements auth.Operator.
func (p *console) Operations() []auth.Operation {
	return []auth.Operation{p.claim, p.confirm, p.release}
}

// Channels implements auth.Deliverer.
func (*console) Channels() []auth.Channel {
	return []auth.Channel{{Kind: "console", Deliver: func(_ context.Context, m auth.Message) error {
		_, err := fmt.Printf("to %s: %s\n%s\n", m.To, m.Subject, m.Text)
		return err
	}}}
}

// IdentityKinds implements auth.IdentityProvider: nicknames, unique,
// compared in lower case.
func (*console) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: "nickname", Unique: true, SignIn: true, Normalize: func(raw string) (string, error) {
		s := strings.ToLower(strings.TrimSpace(raw))
		if len(s) < 3 || len(s) > 30 {
			return "", errors.New("a nickname has 3 to 30 characters")
		}
		return s, nil
	}}}
}

// Factor and Enrolled implement auth.SecondFactor: here, having a
// verified nickname stands in for an enrolled factor.
func (*console) Factor() string { return "nickname" }
func (*console) Enrolled(ctx context.Context, db *sqlb.DB, userID string) (bool, error) {
	var n int64
	err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Identities).
		Where(sqlb.And(auth.IdentityUserID.Eq(userID), auth.IdentityKindName.Eq("nickname"), auth.IdentityVerifiedAt.IsNotNull())))
	return n > 0, err
}

// Credentials implements auth.SignInMethod.
func (*console) Credentials() []string { return []string{"nickname"} }

// The compile-time checks a plugin package keeps.
var (
	_ auth.Operator         = (*history)(nil)
	_ auth.AfterHook        = (*history)(nil)
	_ auth.CommitHook       = (*history)(nil)
	_ auth.UserExtender     = (*history)(nil)
	_ auth.Schema           = (*history)(nil)
	_ auth.SessionChecker   = (*history)(nil)
	_ auth.ErrorCoder       = (*history)(nil)
	_ auth.Validator        = (*history)(nil)
	_ auth.Initializer      = (*history)(nil)
	_ auth.Sweeper          = (*history)(nil)
	_ auth.Maintainer       = (*history)(nil)
	_ auth.Operator         = (*console)(nil)
	_ auth.Deliverer        = (*console)(nil)
	_ auth.IdentityProvider = (*console)(nil)
	_ auth.SecondFactor     = (*console)(nil)
	_ auth.SignInMethod     = (*console)(nil)
)

// A host passes its plugins to New with the built-in ones.
func Example_plugin() {
	var db *sql.DB // opened by the host with its driver
	a, err := auth.New(
		auth.WithDB(db, sqlb.SQLite),
		auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(newConsole(), newHistory(90*24*time.Hour)),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = a
}
