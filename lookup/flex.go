package lookup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The Classmere API's types drift between versions of its scraper
// (reference facts §1.4): numbers arrive as strings ("0003", "44.567164"),
// strings as numbers, and blanks as null. These types decode such values
// into the one Go type each field has; a value of the wrong kind altogether
// (an object for a number) is still an error.

// flexString is a string that may arrive as a number (kept as written) or
// as null ("").
type flexString string

func (s *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case isNull(b):
		return nil
	case len(b) > 0 && b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = flexString(v)
		return nil
	case isNumber(b):
		*s = flexString(b)
		return nil
	}
	return kindError("a string", b)
}

// flexInt is an integer that may arrive as a string ("0003", " 12 "), as an
// integral float (3.0), or as null or "" (0).
type flexInt int

func (n *flexInt) UnmarshalJSON(b []byte) error {
	text, ok, err := scalarText(b)
	if err != nil || !ok {
		return err
	}
	v, err := parseInt(text)
	if err != nil {
		return err
	}
	*n = flexInt(v)
	return nil
}

// parseInt parses a decimal integer, allowing leading zeros and an integral
// float form.
func parseInt(s string) (int, error) {
	if v, err := strconv.Atoi(s); err == nil {
		return v, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, fmt.Errorf("lookup: %q is not an integer", s)
	}
	return int(f), nil
}

// flexFloat is a number that may arrive as a string ("44.567164"); null or
// "" leaves it nil.
type flexFloat struct{ v *float64 }

func (f *flexFloat) UnmarshalJSON(b []byte) error {
	text, ok, err := scalarText(b)
	if err != nil || !ok {
		return err
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Errorf("lookup: %q is not a finite number", text)
	}
	f.v = &v
	return nil
}

// scalarText returns the text of a JSON number, or of a string with its
// spaces trimmed; ok is false for null and for a blank string.
func scalarText(b []byte) (text string, ok bool, err error) {
	b = bytes.TrimSpace(b)
	switch {
	case isNull(b):
		return "", false, nil
	case isNumber(b):
		return string(b), true, nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, err
		}
		s = strings.TrimSpace(s)
		return s, s != "", nil
	}
	return "", false, kindError("a number", b)
}

func isNull(b []byte) bool { return string(b) == "null" }

// isNumber reports whether b starts like a JSON number; encoding/json has
// already checked the whole value is valid JSON.
func isNumber(b []byte) bool {
	return len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9'))
}

func kindError(want string, b []byte) error {
	kind := "a value"
	if len(b) > 0 {
		switch b[0] {
		case '{':
			kind = "an object"
		case '[':
			kind = "an array"
		case 't', 'f':
			kind = "a boolean"
		case '"':
			kind = "a string"
		}
	}
	return fmt.Errorf("lookup: want %s, got %s", want, kind)
}

// flexTime is an RFC 3339 time, kept in UTC; null or "" leave it zero.
type flexTime struct{ t time.Time }

func (f *flexTime) UnmarshalJSON(b []byte) error {
	var s flexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	if strings.TrimSpace(string(s)) == "" {
		return nil
	}
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(s)))
	if err != nil {
		return fmt.Errorf("lookup: time %q: want RFC 3339", string(s))
	}
	if t = t.UTC(); t.Year() > 9999 || t.Year() < 0 {
		return fmt.Errorf("lookup: time %q: year out of range", string(s))
	}
	f.t = t
	return nil
}
