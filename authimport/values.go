package authimport

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// sourceTime reads a time as the drivers of other systems' databases
// give it: a time.Time (pgx, parseTime), text in one of the usual forms
// (MySQL without parseTime, SQLite), or a Unix time in milliseconds or
// seconds (SQLite), or Unix seconds with a fraction (MySQL's
// UNIX_TIMESTAMP). Text with no zone is UTC.
func sourceTime(v any) (time.Time, error) {
	switch t := v.(type) {
	case nil:
		return time.Time{}, nil
	case time.Time:
		return t.UTC(), nil
	case int64:
		if t > 1e11 { // milliseconds: 1e11 seconds is in the year 5138
			return time.UnixMilli(t).UTC(), nil
		}
		return time.Unix(t, 0).UTC(), nil
	case float64:
		return sourceTime(int64(t))
	case []byte:
		return parseTime(string(t))
	case string:
		return parseTime(t)
	}
	return time.Time{}, fmt.Errorf("unreadable time of type %T", v)
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999", "2006-01-02"}

func parseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return sourceTime(n)
	}
	if sec, frac, ok := strings.Cut(s, "."); ok && len(frac) <= 9 { // Unix seconds with a fraction (MySQL's UNIX_TIMESTAMP)
		n, err1 := strconv.ParseInt(sec, 10, 64)
		f, err2 := strconv.ParseUint(frac+strings.Repeat("0", 9-len(frac)), 10, 64)
		if err1 == nil && err2 == nil && !strings.HasPrefix(frac, "+") && !strings.HasPrefix(sec, "+") {
			return time.Unix(n, int64(f)).UTC(), nil
		}
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("unreadable time %q", s)
}

// sourceBool reads a boolean as drivers give it: a bool, a number, or
// text ("1", "true", "t" ...).
func sourceBool(v any) (bool, error) {
	switch b := v.(type) {
	case nil:
		return false, nil
	case bool:
		return b, nil
	case int64:
		return b != 0, nil
	case []byte:
		return strconv.ParseBool(string(b))
	case string:
		return strconv.ParseBool(b)
	}
	return false, fmt.Errorf("unreadable boolean of type %T", v)
}
