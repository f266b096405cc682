package audit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Page sizes: MaxPage is the most records a page holds; DefaultPage is
// its size when the request names none.
const (
	MaxPage     = 200
	DefaultPage = 50
	maxTypes    = 20
)

// Filter chooses records for [Plugin.Query] and [Plugin.Export]. Every
// field set narrows the choice; the zero Filter chooses every record.
// Records come newest first, in a stable order (time, then ID), and a
// page continues where the one before ended whatever was recorded
// meanwhile.
type Filter struct {
	// Types chooses records of any of these types.
	Types []string `json:"types"`
	// UserID chooses the records of one user.
	UserID string `json:"userId"`
	// ActorID chooses what one administrator did while impersonating.
	ActorID string `json:"actorId"`
	// OrganizationID chooses the records of one organization (none has
	// one until the organization plugin lands).
	OrganizationID string `json:"organizationId"`
	// Since and Until bound the records' time: Since included, Until
	// excluded; zero leaves that side open.
	Since time.Time `json:"since"`
	Until time.Time `json:"until"`
	// Cursor is the NextCursor of the page before, "" for the first page.
	Cursor string `json:"cursor"`
	// Limit is the page's size, at most [MaxPage]; 0 means [DefaultPage].
	Limit int `json:"limit"`
}

// Validate implements [auth.InputValidator].
func (f Filter) Validate() error {
	var errs []error
	if len(f.Types) > maxTypes {
		errs = append(errs, fmt.Errorf("types may name at most %d types", maxTypes))
	}
	for _, t := range f.Types {
		if t == "" || len(t) > maxType {
			errs = append(errs, fmt.Errorf("a type must have 1 to %d bytes", maxType))
			break
		}
	}
	for _, id := range [...]struct{ name, v string }{{"userId", f.UserID}, {"actorId", f.ActorID}, {"organizationId", f.OrganizationID}} {
		if id.v != "" && !validID(id.v) {
			errs = append(errs, fmt.Errorf("%s is not an ID", id.name))
		}
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		errs = append(errs, errors.New("since must be before until"))
	}
	errs = append(errs, checkPage(f.Cursor, f.Limit))
	return errors.Join(errs...)
}

// HistoryRequest asks for a page of the signed-in user's own records
// ([Plugin.History]).
type HistoryRequest struct {
	Cursor string `json:"cursor"`
	Limit  int    `json:"limit,string"`
}

// Validate implements [auth.InputValidator].
func (r HistoryRequest) Validate() error { return checkPage(r.Cursor, r.Limit) }

// Page is a page of records, newest first. NextCursor asks for the next
// page; it is empty after the last.
type Page struct {
	Records    []Record `json:"records"`
	NextCursor string   `json:"nextCursor"`
}

func checkPage(cursor string, limit int) error {
	var errs []error
	if _, _, err := parseCursor(cursor); err != nil {
		errs = append(errs, err)
	}
	if limit < 0 || limit > MaxPage {
		errs = append(errs, fmt.Errorf("limit must be between 0 and %d", MaxPage))
	}
	return errors.Join(errs...)
}

// A cursor is the time (in microseconds since 1970) and ID of the last
// record of a page: the next page starts after it in the order of time
// and ID, so records made meanwhile neither repeat nor hide one.
func cursorOf(r Record) string {
	return strconv.FormatInt(r.Time.UnixMicro(), 10) + "." + r.ID
}

// parseCursor reads a cursor; "" is the start.
func parseCursor(s string) (time.Time, string, error) {
	if s == "" {
		return time.Time{}, "", nil
	}
	micros, id, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(micros, 10, 64)
	if !ok || err != nil || n < 0 || !validID(id) {
		return time.Time{}, "", errors.New("cursor is not one this plugin gave")
	}
	return time.UnixMicro(n).UTC(), id, nil
}

// validID reports whether s has the form of the IDs Sesame makes (a UUID
// in text), so that a malformed one never reaches a native uuid column.
func validID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if ch != '-' {
				return false
			}
		case '0' <= ch && ch <= '9', 'a' <= ch && ch <= 'f', 'A' <= ch && ch <= 'F':
		default:
			return false
		}
	}
	return true
}
