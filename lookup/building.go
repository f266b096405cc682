package lookup

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
)

// Building is a campus building (reference facts §1.3).
type Building struct {
	// Abbr is the code sections use as BuildingCode, "KEC"; empty for the
	// many buildings the service has no code for.
	Abbr    string `json:"abbr"`
	Name    string `json:"name"`    // "Kelley Engineering Center"
	Address string `json:"address"` // "110 SW Park Terrace"; may be empty
	// Number is the university's building number, 0 when not given; the
	// service has sent it as 3 and as "0003".
	Number int `json:"buildingNumber"`
	// Latitude and Longitude are nil when the service has no coordinates;
	// it has sent them as numbers and as strings.
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// Location returns the coordinates of b, and false when it has none.
func (b Building) Location() (lat, long float64, ok bool) {
	if b.Latitude == nil || b.Longitude == nil {
		return 0, 0, false
	}
	return *b.Latitude, *b.Longitude, true
}

// buildingJSON is the wire form of a Building; _id, which
// GET /buildings/:abbr includes, and the 2016 sqft are ignored.
type buildingJSON struct {
	Abbr      flexString `json:"abbr"`
	Name      flexString `json:"name"`
	Address   flexString `json:"address"`
	Number    flexInt    `json:"buildingNumber"`
	Latitude  flexFloat  `json:"latitude"`
	Longitude flexFloat  `json:"longitude"`
}

// UnmarshalJSON decodes a building leniently (reference facts §1.4); on
// error b is left unchanged.
func (b *Building) UnmarshalJSON(data []byte) error {
	var w buildingJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*b = Building{
		Abbr: string(w.Abbr), Name: string(w.Name), Address: string(w.Address),
		Number: int(w.Number), Latitude: w.Latitude.v, Longitude: w.Longitude.v,
	}
	return nil
}

// Building returns the building whose code is abbr: GET /buildings/:abbr.
// The service matches codes exactly, letter case included (reference facts
// §1.2), and most of them are upper case but not all ("WGrn"; "Dear" and
// "Mfd" in its older data, §1.3 and §1.4). So abbr, without surrounding
// spaces, is asked for as given, and when that names no building and abbr
// has lower-case letters, once more upper-cased, as the service's own iOS
// client asks: "kec" finds KEC and "WGrn" finds WGrn. A code that names no
// building either way is [ErrNotFound].
func (c *Client) Building(ctx context.Context, abbr string) (*Building, error) {
	abbr = strings.TrimSpace(abbr)
	b, err := c.building(ctx, abbr)
	if upper := strings.ToUpper(abbr); errors.Is(err, ErrNotFound) && upper != abbr {
		b, err = c.building(ctx, upper)
	}
	return b, err
}

// building fetches the building whose code is exactly abbr.
func (c *Client) building(ctx context.Context, abbr string) (*Building, error) {
	code, err := segment("building abbreviation", abbr, false)
	if err != nil {
		return nil, err
	}
	var b Building
	if err := c.getItem(ctx, &b, "buildings", code); err != nil {
		return nil, err
	}
	return &b, nil
}

// Buildings returns every building: GET /buildings.
func (c *Client) Buildings(ctx context.Context) ([]Building, error) {
	var list []Building
	if err := c.getList(ctx, &list, "buildings"); err != nil {
		return nil, err
	}
	return list, nil
}
