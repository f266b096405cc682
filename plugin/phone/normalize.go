package phone

import (
	"errors"
	"strings"
)

// Number is a phone number in E.164 form (ITU-T E.164 §6: a country
// calling code and a national significant number, 15 digits at most).
type Number struct {
	// E164 is the number as stored and compared: "+" and its digits,
	// "+447911123456".
	E164 string
	// CallingCode is its country calling code, without the "+": "44". The
	// per-prefix sending limits count by it.
	CallingCode string
}

// Normalizer turns a number as a person typed it into a [Number], or
// refuses it. Normalize must be idempotent: the E164 of its result
// normalizes to the same result, since identities are normalized again
// when they are looked up. The plugin's default is [Strict]; the module
// plugin/phone/libphonenumber adapts github.com/nyaruka/phonenumbers,
// which understands national formats and number types.
type Normalizer interface {
	Normalize(raw string) (Number, error)
}

// NormalizerFunc makes a function a [Normalizer].
type NormalizerFunc func(raw string) (Number, error)

// Normalize implements [Normalizer].
func (f NormalizerFunc) Normalize(raw string) (Number, error) { return f(raw) }

// maxInput is the longest raw number Strict reads, separators included.
const maxInput = 64

// E.164 §6.1: at most 15 digits. The shortest numbers in service (Niue,
// Tokelau, Saint Helena) have 7 digits with their calling code.
const (
	maxDigits = 15
	minDigits = 7
)

// Strict is the core's [Normalizer]: it takes numbers in international
// form only, "+" and the country calling code, with spaces, dots, hyphens
// and parentheses allowed between the digits ("+44 7911 123-456"), and
// returns the digits after a "+". It knows the assigned country calling
// codes and refuses
//   - numbers without "+", or with letters or other characters;
//   - unassigned calling codes, and those of international services
//     (+800 freephone, +808 shared cost, +870 and +881 satellite, +882 and
//     +883 international networks, +878, +888, +979 premium rate), which
//     SMS pumping favours;
//   - a trunk prefix kept after the calling code: a national number
//     starting with 0, except where numbers do (Italy ...), and a North
//     American number that is not ten digits starting with 2–9;
//   - fewer than 7 or more than 15 digits.
//
// It does not know each country's number plan: a number of the right
// shape may still not exist. Use plugin/phone/libphonenumber for national
// formats ("07911 123456" in a default region) and number types.
type Strict struct{}

// Normalize implements [Normalizer].
func (Strict) Normalize(raw string) (Number, error) {
	s := strings.TrimSpace(raw)
	switch {
	case s == "":
		return Number{}, errors.New("phone number is required")
	case len(s) > maxInput:
		return Number{}, errors.New("phone number is too long")
	case s[0] != '+':
		return Number{}, errors.New("phone number must start with + and its country calling code")
	}
	var digits [maxDigits]byte
	n := 0
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			if n == maxDigits {
				return Number{}, errors.New("phone number has more than 15 digits")
			}
			digits[n] = c
			n++
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')':
		default:
			return Number{}, errors.New("phone number may hold only digits, spaces, dots, hyphens and parentheses after the +")
		}
	}
	d := string(digits[:n])
	if n < minDigits {
		return Number{}, errors.New("phone number is too short")
	}
	cc := callingCode(d)
	if cc == "" {
		return Number{}, errors.New("phone number has no known country calling code")
	}
	if services[cc] {
		return Number{}, errors.New("numbers of international services (+800, +881, +979 ...) are not accepted")
	}
	if err := checkNational(cc, d[len(cc):]); err != nil {
		return Number{}, err
	}
	return Number{E164: "+" + d, CallingCode: cc}, nil
}

// checkNational refuses a national significant number that still holds a
// trunk prefix.
func checkNational(cc, national string) error {
	switch {
	case cc == "1":
		// NANP: NPA-NXX-XXXX, where N is 2–9 (ATIS-0300051 §2.1).
		if len(national) != 10 || national[0] < '2' || national[3] < '2' {
			return errors.New("a North American number has ten digits after +1: area code, exchange and line, neither starting with 0 or 1")
		}
	case national[0] == '0' && !leadingZero[cc]:
		return errors.New("leave out the 0 after the country calling code: +44 7911 123456, not +44 07911 123456")
	}
	return nil
}

// callingCode returns the country calling code a string of digits starts
// with, or "". Calling codes are a prefix code (E.164 §6.2.1): at most
// one of a number's first one, two or three digits is assigned.
func callingCode(digits string) string {
	for l := 1; l <= 3 && l <= len(digits); l++ {
		if callingCodes[digits[:l]] {
			return digits[:l]
		}
	}
	return ""
}
