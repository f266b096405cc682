package breach

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const (
	suffixA = "0018A45C4D1DEF81644B54AB7F969B88D65"
	suffixB = "1E4C9B93F3F0682250B6CF8331B7EE68FD8"
)

// parseRangeTests are also FuzzParseRange's seeds.
var parseRangeTests = []struct {
	name    string
	body    string
	want    []rangeEntry
	wantErr bool
}{
	{"empty", "", nil, false},
	{"one line", suffixA + ":1", []rangeEntry{{suffixA, 1}}, false},
	{"CRLF", suffixA + ":1\r\n" + suffixB + ":10434004\r\n", []rangeEntry{{suffixA, 1}, {suffixB, 10434004}}, false},
	{"LF", suffixA + ":1\n" + suffixB + ":2", []rangeEntry{{suffixA, 1}, {suffixB, 2}}, false},
	{"padding", suffixA + ":0\r\n" + suffixB + ":3", []rangeEntry{{suffixA, 0}, {suffixB, 3}}, false},
	{"lower case", strings.ToLower(suffixB) + ":7", []rangeEntry{{suffixB, 7}}, false},
	{"blank lines", "\r\n\n" + suffixA + ":1\n\n", []rangeEntry{{suffixA, 1}}, false},
	{"leading zeros", suffixA + ":007", []rangeEntry{{suffixA, 7}}, false},
	{"ten digits", suffixA + ":9999999999", []rangeEntry{{suffixA, 9999999999}}, false},

	{"html", "<html><body>Too many requests</body></html>", nil, true},
	{"no count", suffixA + ":", nil, true},
	{"no colon", suffixA + "1", nil, true},
	{"short suffix", suffixA[1:] + ":1", nil, true},
	{"long suffix", suffixA + "0:1", nil, true},
	{"non-hex suffix", strings.Replace(suffixA, "A", "G", 1) + ":1", nil, true},
	{"negative count", suffixA + ":-1", nil, true},
	{"plus count", suffixA + ":+1", nil, true},
	{"eleven digits", suffixA + ":12345678901", nil, true},
	{"space", suffixA + ": 1", nil, true},
	{"trailing space", suffixA + ":1 ", nil, true},
	{"bare CR", suffixA + ":1\r" + suffixB + ":2", nil, true},
	{"good then bad", suffixA + ":1\r\nbad", nil, true},
	{"whole hash", "5BAA6" + suffixB + ":1", nil, true},
}

func TestParseRange(t *testing.T) {
	for _, tt := range parseRangeTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseRange([]byte(tt.body))
			if (err != nil) != tt.wantErr || (err != nil && !errors.Is(err, ErrBadResponse)) {
				t.Fatalf("parseRange(%q) = %v, want error %v", tt.body, err, tt.wantErr)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("parseRange(%q) = %v, want %v", tt.body, got, tt.want)
			}
		})
	}
}
