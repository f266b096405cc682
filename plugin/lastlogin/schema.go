package lastlogin

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// LastSignIns is auth_last_sign_in: each user's last sign-in with each
// method. Its rows go with the user.
var (
	LastSignIns   = sqlb.NewTable("auth_last_sign_in")
	LastUserID    = sqlb.NewColumn[string](LastSignIns, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	LastMethod    = sqlb.NewColumn[string](LastSignIns, "method", sqlb.String(64))
	LastAt        = sqlb.NewColumn[time.Time](LastSignIns, "signed_in_at", sqlb.Time())
	LastIP        = sqlb.NewColumn[string](LastSignIns, "ip", sqlb.String(64))
	LastUserAgent = sqlb.NewColumn[string](LastSignIns, "user_agent", sqlb.String(512))
)

func init() {
	LastSignIns.PrimaryKey(LastUserID, LastMethod)
	LastSignIns.Index(LastAt)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{LastSignIns} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(LastSignIns))}
}
