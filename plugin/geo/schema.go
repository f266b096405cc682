package geo

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// LastSignIns is auth_geo_last_sign_in: where and when each user last
// signed in from a located address, one row per user, removed with the
// user. It keeps the country and the coordinates the GeoIP gave, never
// the address.
var (
	LastSignIns    = sqlb.NewTable("auth_geo_last_sign_in")
	LastUserID     = sqlb.NewColumn[string](LastSignIns, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	LastCountry    = sqlb.NewColumn[string](LastSignIns, "country", sqlb.String(2))
	LastLatitude   = sqlb.NewColumn[float64](LastSignIns, "latitude", sqlb.Float())
	LastLongitude  = sqlb.NewColumn[float64](LastSignIns, "longitude", sqlb.Float())
	LastAccuracyKM = sqlb.NewColumn[float64](LastSignIns, "accuracy_km", sqlb.Float())
	LastAt         = sqlb.NewColumn[time.Time](LastSignIns, "signed_in_at", sqlb.Time())
)

func init() { LastSignIns.PrimaryKey(LastUserID) }

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{LastSignIns} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{{ID: "001_create", Apply: func(ctx context.Context, db *sqlb.DB) error {
		return db.Apply(ctx, sqlb.CreateTable(LastSignIns))
	}}}
}
