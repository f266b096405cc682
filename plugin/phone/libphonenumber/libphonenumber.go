package libphonenumber

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
	"github.com/sesame-go/sesame/plugin/phone"
)

// Normalizer is a [phone.Normalizer] backed by libphonenumber's metadata.
// Make one with [New]; it is safe for concurrent use.
type Normalizer struct {
	region  string
	refused []phonenumbers.PhoneNumberType
}

var _ phone.Normalizer = (*Normalizer)(nil)

// Option configures [New].
type Option func(*Normalizer)

// DefaultRefused are the number types refused by default: premium-rate
// numbers, whose operator shares the fee of every text (the business
// model of SMS pumping), and toll-free numbers, which do not take texts.
var DefaultRefused = []phonenumbers.PhoneNumberType{phonenumbers.PREMIUM_RATE, phonenumbers.TOLL_FREE}

// WithRegion sets the region (an ISO 3166-1 alpha-2 code, "GB") of
// numbers typed without "+" and their country calling code. Without one,
// only international numbers are accepted.
func WithRegion(region string) Option {
	return func(n *Normalizer) { n.region = strings.ToUpper(region) }
}

// WithRefusedTypes replaces the number types refused ([DefaultRefused]);
// none refuses none.
func WithRefusedTypes(types ...phonenumbers.PhoneNumberType) Option {
	return func(n *Normalizer) { n.refused = slices.Clone(types) }
}

// New returns a normalizer.
func New(opts ...Option) *Normalizer {
	n := &Normalizer{refused: slices.Clone(DefaultRefused)}
	for _, o := range opts {
		o(n)
	}
	return n
}

// maxInput is the longest raw number read.
const maxInput = 64

// Normalize implements [phone.Normalizer]: the number must be valid in
// its region's plan (phonenumbers.IsValidNumber) and of a type not
// refused.
func (n *Normalizer) Normalize(raw string) (phone.Number, error) {
	s := strings.TrimSpace(raw)
	switch {
	case s == "":
		return phone.Number{}, errors.New("phone number is required")
	case len(s) > maxInput:
		return phone.Number{}, errors.New("phone number is too long")
	case n.region == "" && s[0] != '+':
		return phone.Number{}, errors.New("phone number must start with + and its country calling code")
	}
	num, err := phonenumbers.Parse(s, n.region)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return phone.Number{}, errors.New("this is not a valid phone number")
	}
	if num.GetExtension() != "" {
		return phone.Number{}, errors.New("phone number may not have an extension")
	}
	if slices.Contains(n.refused, phonenumbers.GetNumberType(num)) {
		return phone.Number{}, errors.New("numbers of this type (premium rate, toll-free ...) are not accepted")
	}
	return phone.Number{E164: phonenumbers.Format(num, phonenumbers.E164), CallingCode: strconv.Itoa(int(num.GetCountryCode()))}, nil
}
