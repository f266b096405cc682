package referral

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Codes is auth_referral_code: each user's code, made on demand.
var (
	Codes         = sqlb.NewTable("auth_referral_code")
	CodeUserID    = sqlb.NewColumn[string](Codes, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	CodeValue     = sqlb.NewColumn[string](Codes, "code", sqlb.String(codeLen))
	CodeCreatedAt = sqlb.NewColumn[time.Time](Codes, "created_at", sqlb.Time())
)

// Referrals is auth_referral: who referred whom, one row per referred
// user, written when their account was made.
var (
	Referrals          = sqlb.NewTable("auth_referral")
	ReferralReferredID = sqlb.NewColumn[string](Referrals, "referred_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	ReferralReferrerID = sqlb.NewColumn[string](Referrals, "referrer_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	ReferralCreatedAt  = sqlb.NewColumn[time.Time](Referrals, "created_at", sqlb.Time())
)

func init() {
	Codes.PrimaryKey(CodeUserID)
	Codes.Unique(CodeValue)
	Referrals.PrimaryKey(ReferralReferredID)
	Referrals.Index(ReferralReferrerID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Codes, Referrals} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Codes), sqlb.CreateTable(Referrals))}
}
