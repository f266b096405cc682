package breach

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseRange checks that parseRange never panics, returns nothing
// with an error, agrees with a naive parser written from the format's
// description, and gives back its entries from their canonical encoding.
func FuzzParseRange(f *testing.F) {
	for _, tt := range parseRangeTests {
		f.Add([]byte(tt.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := parseRange(body)
		if err != nil {
			if got != nil {
				t.Fatalf("parseRange(%q) = %v, %v, want no entries with the error", body, got, err)
			}
		}
		want, ok := naiveParseRange(string(body))
		if ok != (err == nil) || !slices.Equal(got, want) {
			t.Fatalf("parseRange(%q) = %v, %v; naive parser: %v, %v", body, got, err, want, ok)
		}
		if err != nil {
			return
		}
		var b strings.Builder
		for _, e := range got {
			if len(e.suffix) != suffixLen || strings.ToUpper(e.suffix) != e.suffix || e.count < 0 {
				t.Fatalf("parseRange(%q) gave entry %+v", body, e)
			}
			fmt.Fprintf(&b, "%s:%d\r\n", e.suffix, e.count)
		}
		again, err := parseRange([]byte(b.String()))
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("parseRange(%q) = %v, %v, want %v", b.String(), again, err, got)
		}
	})
}

// naiveParseRange is the reference: split into lines, split each at the
// colon, check each part.
func naiveParseRange(body string) ([]rangeEntry, bool) {
	var entries []rangeEntry
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		suffix, count, found := strings.Cut(line, ":")
		if !found || len(suffix) != 35 || strings.Trim(suffix, "0123456789abcdefABCDEF") != "" ||
			count == "" || len(count) > 10 || strings.Trim(count, "0123456789") != "" {
			return nil, false
		}
		n, err := strconv.Atoi(count)
		if err != nil {
			return nil, false
		}
		entries = append(entries, rangeEntry{strings.ToUpper(suffix), n})
	}
	return entries, true
}
