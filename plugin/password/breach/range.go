package breach

import (
	"bytes"
	"fmt"
	"strconv"
)

// A range answer lists the SHA-1 hashes sharing the requested prefix, one
// per line, as the rest of the hash and how often it was seen:
//
//	0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n
//	00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0\r\n
//
// 35 hex digits, a colon, a decimal count. Padding lines, added when the
// request says Add-Padding: true, have count 0
// (https://haveibeenpwned.com/API/v3#PwnedPasswordsPadding).
const suffixLen = 40 - prefixLen

// maxCountDigits bounds a count: the most seen password is counted in
// tens of millions.
const maxCountDigits = 10

// rangeEntry is one line of a range answer; suffix is upper case.
type rangeEntry struct {
	suffix string
	count  int
}

// parseRange parses a range answer. Lines end in LF or CRLF; blank lines
// are skipped; hex digits may be of either case. Padding lines are
// returned too, with count 0. On error the entries are nil.
func parseRange(body []byte) ([]rangeEntry, error) {
	var entries []rangeEntry
	for n := 1; len(body) > 0; n++ {
		var line []byte
		line, body, _ = bytes.Cut(body, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 {
			continue
		}
		e, ok := parseLine(line)
		if !ok {
			return nil, fmt.Errorf("%w: line %d is not SUFFIX:COUNT", ErrBadResponse, n)
		}
		entries = append(entries, e)
	}
	return entries, nil
}

func parseLine(line []byte) (rangeEntry, bool) {
	if len(line) < suffixLen+2 || line[suffixLen] != ':' {
		return rangeEntry{}, false
	}
	var suffix [suffixLen]byte
	for i, c := range line[:suffixLen] {
		switch {
		case '0' <= c && c <= '9', 'A' <= c && c <= 'F':
		case 'a' <= c && c <= 'f':
			c -= 'a' - 'A'
		default:
			return rangeEntry{}, false
		}
		suffix[i] = c
	}
	digits := line[suffixLen+1:]
	if len(digits) > maxCountDigits {
		return rangeEntry{}, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return rangeEntry{}, false
		}
	}
	count, err := strconv.Atoi(string(digits))
	if err != nil { // overflow where int has 32 bits
		return rangeEntry{}, false
	}
	return rangeEntry{suffix: string(suffix[:]), count: count}, true
}
