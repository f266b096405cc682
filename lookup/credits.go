package lookup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Credits is the credit value of a course or section: Min == Max for a fixed
// value, Min < Max for a range. The zero value means none given.
//
// The service writes course credits as a string, "4", or a range, "1-16";
// its 2016 version wrote an integer array, [5]; sections carry an integer, or
// null on labs and recitations (reference facts §1.3, §1.4). All decode here.
type Credits struct {
	Min int
	Max int
}

// IsZero reports whether c is the zero value: no credits given.
func (c Credits) IsZero() bool { return c == Credits{} }

// String returns "4" for a fixed value, "1-16" for a range and "" for none.
func (c Credits) String() string {
	switch {
	case c.IsZero():
		return ""
	case c.Min == c.Max:
		return strconv.Itoa(c.Min)
	}
	return strconv.Itoa(c.Min) + "-" + strconv.Itoa(c.Max)
}

// MarshalJSON encodes c as the service does for courses: a string, "4" or
// "1-16", or null for none.
func (c Credits) MarshalJSON() ([]byte, error) {
	if c.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON decodes a number (4), a string ("4", "1-16", "" for none), an
// array of integers ([5], taking its least and greatest) or null.
func (c *Credits) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var v Credits
	var err error
	if len(b) > 0 && b[0] == '[' {
		v, err = creditsArray(b)
	} else {
		var text string
		var ok bool
		if text, ok, err = scalarText(b); ok {
			v, err = ParseCredits(text)
		}
	}
	if err != nil {
		return err
	}
	*c = v
	return nil
}

func creditsArray(b []byte) (Credits, error) {
	var items []flexInt
	if err := json.Unmarshal(b, &items); err != nil {
		return Credits{}, err
	}
	if len(items) == 0 {
		return Credits{}, nil
	}
	v := Credits{Min: int(items[0]), Max: int(items[0])}
	for _, n := range items[1:] {
		v.Min, v.Max = min(v.Min, int(n)), max(v.Max, int(n))
	}
	if err := v.check(); err != nil {
		return Credits{}, err
	}
	return v, nil
}

// ParseCredits parses credits as the service writes them: "4", "1-16"
// (spaces around the hyphen allowed) or "" for none.
func ParseCredits(s string) (Credits, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Credits{}, nil
	}
	lo, hi, isRange := strings.Cut(s, "-")
	minimum, err := parseInt(strings.TrimSpace(lo))
	if err != nil {
		return Credits{}, fmt.Errorf("lookup: credits %q: %w", s, err)
	}
	maximum := minimum
	if isRange {
		if maximum, err = parseInt(strings.TrimSpace(hi)); err != nil {
			return Credits{}, fmt.Errorf("lookup: credits %q: %w", s, err)
		}
	}
	v := Credits{Min: minimum, Max: maximum}
	if err := v.check(); err != nil {
		return Credits{}, err
	}
	return v, nil
}

func (c Credits) check() error {
	if c.Min < 0 || c.Min > c.Max {
		return fmt.Errorf("lookup: credits %d-%d: want 0 <= min <= max", c.Min, c.Max)
	}
	return nil
}
