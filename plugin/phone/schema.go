package phone

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Kind is the identity kind of phone numbers, stored in E.164.
const Kind = "phone"

// Channel is the delivery channel of text messages the plugin provides
// ([auth.Call.Send] with "sms").
const Channel = "sms"

// Prefixes is auth_phone_prefix: the codes sent to the numbers of each
// country calling code in the current window and the one before, and
// the last window whose spike was reported ([PrefixLimit]).
var (
	Prefixes            = sqlb.NewTable("auth_phone_prefix")
	PrefixCallingCode   = sqlb.NewColumn[string](Prefixes, "calling_code", sqlb.String(8))
	PrefixWindowStart   = sqlb.NewColumn[time.Time](Prefixes, "window_start", sqlb.Time())
	PrefixCount         = sqlb.NewColumn[int64](Prefixes, "sent", sqlb.Int())
	PrefixPrevious      = sqlb.NewColumn[int64](Prefixes, "sent_before", sqlb.Int())
	PrefixReportedStart = sqlb.NewColumn[sql.Null[time.Time]](Prefixes, "reported_start", sqlb.Time(), sqlb.Nullable())
)

func init() {
	Prefixes.PrimaryKey(PrefixCallingCode)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Prefixes} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Prefixes))}
}

// Sweep implements [auth.Sweeper]: it deletes the counts of calling codes
// nothing was sent to for two windows.
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	longest := p.cfg.prefix.Window
	for _, l := range p.cfg.prefixFor {
		longest = max(longest, l.Window)
	}
	if longest == 0 {
		longest = time.Hour
	}
	return db.Exec(ctx, sqlb.Delete(Prefixes).Where(PrefixWindowStart.Le(now.Add(-2*longest))))
}
