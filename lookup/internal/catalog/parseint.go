package catalog

import (
	"math"
	"strings"
)

// parseInt is JavaScript's parseInt(s) without a radix, which the service
// applies to the course number: leading white space and a sign are skipped,
// "0x" selects hexadecimal, and the digits up to the first other character
// count ("161abc" is 161). ok is false where JavaScript gives NaN.
func parseInt(s string) (n float64, ok bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r\u00a0\ufeff")
	sign := 1.0
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	base := 10.0
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		base, s = 16, s[2:]
	}
	digits := 0
	for _, r := range s {
		d := digitValue(r)
		if d < 0 || float64(d) >= base {
			break
		}
		n = n*base + float64(d)
		digits++
	}
	if digits == 0 {
		return math.NaN(), false
	}
	return sign * n, true
}

func digitValue(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'f':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'F':
		return int(r-'A') + 10
	}
	return -1
}
