package referral

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The names of the plugin's operations, for [auth.WithRateLimit].
const (
	// OpCode is POST /referral/code: [Plugin.Code].
	OpCode = "referral.code"
	// OpStats is GET /referral: [Plugin.Stats].
	OpStats = "referral.stats"
	// OpApply is POST /referral/apply: [Plugin.Apply].
	OpApply = "referral.apply"
	// OpLookup is [Plugin.Lookup], a server operation.
	OpLookup = "referral.lookup"
)

// ApplyRate is the default rate limit of [OpApply], the one lookup of
// codes open to anyone: 10 per client IP a minute, so that codes cannot
// be tried in bulk.
var ApplyRate = auth.RateRules{IP: auth.RateRule{Limit: 10, Window: time.Minute, Sliding: true}}

// cookieAge is how long a browser keeps an applied code.
const cookieAge = 30 * 24 * time.Hour

type ops struct {
	code   *auth.Op[auth.Empty, Code]
	stats  *auth.Op[auth.Empty, Stats]
	apply  *auth.Op[ApplyRequest, Code]
	lookup *auth.Op[LookupRequest, Info]
}

func (p *Plugin) newOps() ops {
	return ops{
		code: &auth.Op[auth.Empty, Code]{Name: OpCode, Method: http.MethodPost, Path: "/referral/code",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Handler: p.code},
		stats: &auth.Op[auth.Empty, Stats]{Name: OpStats, Method: http.MethodGet, Path: "/referral",
			Session: auth.SessionUser, Handler: p.stats},
		apply: &auth.Op[ApplyRequest, Code]{Name: OpApply, Method: http.MethodPost, Path: "/referral/apply",
			Rate: ApplyRate, Codes: []*auth.Error{ErrUnknownCode}, Handler: p.apply},
		lookup: &auth.Op[LookupRequest, Info]{Name: OpLookup, Handler: p.lookup},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.code, p.ops.stats, p.ops.apply, p.ops.lookup}
}

// Code returns the signed-in user's referral code, making it on the first
// call.
func (p *Plugin) Code(ctx context.Context) (string, error) {
	out, err := p.ops.code.Run(ctx, auth.Empty{})
	return out.Code, err
}

// Stats returns the signed-in user's code and how many people it referred.
func (p *Plugin) Stats(ctx context.Context) (Stats, error) {
	return p.ops.stats.Run(ctx, auth.Empty{})
}

// Apply checks a code and, over HTTP, keeps it in the browser (a cookie
// of [Plugin.CookieName], for 30 days) so that the browser's sign-up, by
// any method, is referred by it. Go callers pass the code with
// [WithCode] instead. A code no one holds is [ErrUnknownCode].
func (p *Plugin) Apply(ctx context.Context, code string) error {
	_, err := p.ops.apply.Run(ctx, ApplyRequest{Code: code})
	return err
}

// Lookup returns a user's code, who referred them and how many they
// referred, to the host's code (an administration page): it does not ask
// who calls it.
func (p *Plugin) Lookup(ctx context.Context, userID string) (Info, error) {
	return p.ops.lookup.Run(ctx, LookupRequest{UserID: userID})
}

func (p *Plugin) code(ctx context.Context, c *auth.Call, _ auth.Empty) (Code, error) {
	uid := c.User().ID
	if err := c.LockUser(ctx, uid); err != nil {
		return Code{}, err
	}
	code, err := codeOf(ctx, c.DB(), uid)
	if err != nil || code != "" {
		return Code{Code: code}, err
	}
	code = newCode()
	_, err = c.DB().Exec(ctx, sqlb.Insert(Codes).Row(CodeUserID.Set(uid), CodeValue.Set(code), CodeCreatedAt.Set(c.Now())))
	return Code{Code: code}, err
}

func (p *Plugin) stats(ctx context.Context, c *auth.Call, _ auth.Empty) (Stats, error) {
	uid := c.User().ID
	code, err := codeOf(ctx, c.DB(), uid)
	if err != nil {
		return Stats{}, err
	}
	n, err := referred(ctx, c.DB(), uid)
	return Stats{Code: code, Referred: n}, err
}

func (p *Plugin) apply(ctx context.Context, c *auth.Call, in ApplyRequest) (Code, error) {
	code, _ := normalize(in.Code) // validated
	owner, err := ownerOf(ctx, c.DB(), code)
	if err != nil {
		return Code{}, err
	}
	if owner == "" {
		return Code{}, ErrUnknownCode
	}
	c.SetCookie(&http.Cookie{Name: p.CookieName(), Value: code, Path: "/", MaxAge: int(cookieAge.Seconds()), HttpOnly: true,
		Secure: p.a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode})
	return Code{Code: code}, nil
}

func (p *Plugin) lookup(ctx context.Context, c *auth.Call, in LookupRequest) (Info, error) {
	code, err := codeOf(ctx, c.DB(), in.UserID)
	if err != nil {
		return Info{}, err
	}
	by, err := referrerOf(ctx, c.DB(), in.UserID)
	if err != nil {
		return Info{}, err
	}
	n, err := referred(ctx, c.DB(), in.UserID)
	return Info{Code: code, ReferrerID: by, Referred: n}, err
}

// codeOf returns a user's code, or "".
func codeOf(ctx context.Context, db *sqlb.DB, userID string) (string, error) {
	var code string
	err := db.One(ctx, sqlb.Select(CodeValue.Into(&code)).From(Codes).Where(CodeUserID.Eq(userID)))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return code, err
}

// ownerOf returns the user holding a code, or "".
func ownerOf(ctx context.Context, db *sqlb.DB, code string) (string, error) {
	var id string
	err := db.One(ctx, sqlb.Select(CodeUserID.Into(&id)).From(Codes).Where(CodeValue.Eq(code)))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// referrerOf returns who referred a user, or "".
func referrerOf(ctx context.Context, db *sqlb.DB, userID string) (string, error) {
	var id string
	err := db.One(ctx, sqlb.Select(ReferralReferrerID.Into(&id)).From(Referrals).Where(ReferralReferredID.Eq(userID)))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// referred counts the people a user referred.
func referred(ctx context.Context, db *sqlb.DB, userID string) (int64, error) {
	var n int64
	err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Referrals).Where(ReferralReferrerID.Eq(userID)))
	return n, err
}
