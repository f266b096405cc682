package geo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// StartingSession implements [auth.SessionStarter]: every sign-in of
// every method is compared with the user's last located one, and
// recorded as the new last one in the sign-in's transaction (one
// statement). Impersonations and server calls (no client address) are
// neither judged nor recorded; neither is an address the GeoIP cannot
// place.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	ip := c.Request().IP
	if s.ImpersonatorID != "" || !ip.IsValid() {
		return nil
	}
	here, err := p.geo.Locate(ctx, ip)
	if err != nil {
		return err
	}
	if !here.Known || !here.HasCoordinates {
		return nil
	}
	now := c.Now()
	last, err := lastSignIn(ctx, c.DB(), s.UserID)
	if err != nil {
		return err
	}
	if last != nil {
		if km, ok := p.impossible(*last, here, now); ok {
			detail := fmt.Sprintf("from=%s to=%s km=%.0f minutes=%.0f refused=%t",
				last.loc.Country, here.Country, km, now.Sub(last.at).Minutes(), p.cfg.refuseTravel)
			c.Emit(ctx, EventImpossibleTravel, detail)
			if p.cfg.refuseTravel {
				return ErrImpossibleTravel
			}
		}
	}
	return record(ctx, c.DB(), s.UserID, here, now)
}

// located is a user's last located sign-in.
type located struct {
	loc Location
	at  time.Time
}

func lastSignIn(ctx context.Context, db *sqlb.DB, userID string) (*located, error) {
	var l located
	err := db.One(ctx, sqlb.Select(LastCountry.Into(&l.loc.Country), LastLatitude.Into(&l.loc.Latitude),
		LastLongitude.Into(&l.loc.Longitude), LastAccuracyKM.Into(&l.loc.AccuracyKM), LastAt.Into(&l.at)).
		From(LastSignIns).Where(LastUserID.Eq(userID)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	l.loc.Known, l.loc.HasCoordinates = true, true
	return &l, nil
}

func record(ctx context.Context, db *sqlb.DB, userID string, loc Location, at time.Time) error {
	_, err := db.Exec(ctx, sqlb.Insert(LastSignIns).Row(LastUserID.Set(userID), LastCountry.Set(loc.Country),
		LastLatitude.Set(loc.Latitude), LastLongitude.Set(loc.Longitude), LastAccuracyKM.Set(loc.AccuracyKM), LastAt.Set(at)).
		OnConflictUpdate([]sqlb.AnyColumn{LastUserID},
			LastCountry.SetTo(sqlb.Excluded(LastCountry)), LastLatitude.SetTo(sqlb.Excluded(LastLatitude)),
			LastLongitude.SetTo(sqlb.Excluded(LastLongitude)), LastAccuracyKM.SetTo(sqlb.Excluded(LastAccuracyKM)),
			LastAt.SetTo(sqlb.Excluded(LastAt))))
	return err
}

// impossible reports whether going from last to here by now beats the
// maximum speed, and the distance. The uncertainty of both places (their
// accuracy radii) is taken off the distance first, so that a coarse
// database never accuses anyone: only what must have been travelled
// counts.
func (p *Plugin) impossible(last located, here Location, now time.Time) (float64, bool) {
	km := Distance(last.loc, here)
	must := km - last.loc.AccuracyKM - here.AccuracyKM
	if must <= 0 {
		return km, false
	}
	hours := now.Sub(last.at).Hours()
	return km, must > p.cfg.maxKMH*max(hours, 0)
}

// earthRadiusKM is the Earth's mean radius.
const earthRadiusKM = 6371.0

// Distance is the great-circle distance between two located places, in
// kilometres (the haversine formula on a sphere of the Earth's mean
// radius).
func Distance(a, b Location) float64 {
	rad := math.Pi / 180
	dLat, dLon := (b.Latitude-a.Latitude)*rad, (b.Longitude-a.Longitude)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Latitude*rad)*math.Cos(b.Latitude*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKM * math.Asin(math.Sqrt(min(h, 1)))
}
