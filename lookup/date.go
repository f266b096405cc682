package lookup

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Date is a calendar date with no time of day or zone, such as the first day
// of a section. The zero value means none given.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// IsZero reports whether d is the zero value.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d as "2017-09-20", or "" for the zero value.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// MarshalJSON encodes d as "2017-09-20", or null for the zero value.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(d.String())
}

// UnmarshalJSON decodes the service's "MM/DD/YY" (2000 + YY), or
// "MM/DD/YYYY", "2017-09-20" and an ISO date-time (its 2016 form, whose date
// part is kept), or null or "" for none (reference facts §1.3, §1.4).
func (d *Date) UnmarshalJSON(b []byte) error {
	var s flexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	v, err := ParseDate(string(s))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// ParseDate parses a date in one of the forms [Date.UnmarshalJSON] accepts.
func ParseDate(s string) (Date, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Date{}, nil
	}
	var y, m, d int
	var ok bool
	if mm, rest, found := strings.Cut(s, "/"); found {
		dd, yy, _ := strings.Cut(rest, "/")
		m, d, y, ok = atoi(mm, 1, 2), atoi(dd, 1, 2), atoi(yy, 2, 4), true
		if len(yy) == 2 {
			y += 2000
		}
	} else if len(s) >= 10 && (len(s) == 10 || s[10] == 'T') && s[4] == '-' && s[7] == '-' {
		y, m, d, ok = atoi(s[:4], 4, 4), atoi(s[5:7], 2, 2), atoi(s[8:10], 2, 2), true
	}
	v := Date{Year: y, Month: time.Month(m), Day: d}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if !ok || y < 0 || m < 1 || d < 1 || t.Day() != d || t.Month() != time.Month(m) {
		return Date{}, fmt.Errorf("lookup: date %q: want MM/DD/YY or YYYY-MM-DD", s)
	}
	return v, nil
}

// atoi parses a run of minLen to maxLen ASCII digits, or returns -1.
func atoi(s string, minLen, maxLen int) int {
	if len(s) < minLen || len(s) > maxLen || strings.Trim(s, "0123456789") != "" {
		return -1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// TimeOfDay is a wall-clock time in Oregon State University's local time,
// when a section meets.
//
// The service writes meeting times as date-times, "2017-11-18T11:00:00+00:00",
// whose date is the day the catalogue was scraped and whose offset is bogus:
// only the clock time means something (reference facts §1.3). The date and
// offset are therefore dropped.
type TimeOfDay struct {
	Hour   int // 0 to 23
	Minute int // 0 to 59
}

// String returns t as "11:00".
func (t TimeOfDay) String() string { return fmt.Sprintf("%02d:%02d", t.Hour, t.Minute) }

// MarshalJSON encodes t as "11:00".
func (t TimeOfDay) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// UnmarshalJSON decodes "11:00", "11:00:00" or a date-time whose clock time
// it keeps, or null or "" for the zero value.
func (t *TimeOfDay) UnmarshalJSON(b []byte) error {
	var s flexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	v, err := ParseTimeOfDay(string(s))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseTimeOfDay parses a time of day in one of the forms
// [TimeOfDay.UnmarshalJSON] accepts.
func ParseTimeOfDay(s string) (TimeOfDay, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return TimeOfDay{}, nil
	}
	clock := s
	if _, after, found := strings.Cut(s, "T"); found {
		clock = after
		if i := strings.IndexAny(clock, "Z+-."); i >= 0 {
			clock = clock[:i]
		}
	}
	hh, rest, _ := strings.Cut(clock, ":")
	mm, ss, hasSeconds := strings.Cut(rest, ":")
	h, m := atoi(hh, 1, 2), atoi(mm, 2, 2)
	if h < 0 || h > 23 || m < 0 || m > 59 || (hasSeconds && atoi(ss, 2, 2) < 0) {
		return TimeOfDay{}, fmt.Errorf("lookup: time %q: want HH:MM or a date-time", s)
	}
	return TimeOfDay{Hour: h, Minute: m}, nil
}
