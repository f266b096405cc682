package phone

import (
	"strings"
	"testing"
)

var normalizeTests = []struct {
	in, want, cc string
}{
	{"+447911123456", "+447911123456", "44"},
	{" +44 7911 123-456 ", "+447911123456", "44"},
	{"+1 (650) 253-0000", "+16502530000", "1"},
	{"+1.650.253.0000", "+16502530000", "1"},
	{"+39 06 6982 0000", "+390669820000", "39"},
	{"+225 07 01 23 45 67", "+2250701234567", "225"},
	{"+353 85 123 4567", "+353851234567", "353"},
	{"+683 4002", "+6834002", "683"},
	{"+7 912 345 67 89", "+79123456789", "7"},
	{"", "", ""},
	{"   ", "", ""},
	{"07911 123456", "", ""},
	{"0044 7911 123456", "", ""},
	{"+44 07911 123456", "", ""},
	{"+44 (0) 7911 123456", "", ""},
	{"+1 1 650 253 0000", "", ""},
	{"+1 650 053 0000", "", ""},
	{"+1 650 253 000", "", ""},
	{"+800 1234 5678", "", ""},
	{"+881 6 1234 5678", "", ""},
	{"+979 1234 5678", "", ""},
	{"+999 1234 5678", "", ""},
	{"+0 1234 5678", "", ""},
	{"+44 7911 12345 67890", "", ""},
	{"+44 791", "", ""},
	{"+44 7911 ABCDEF", "", ""},
	{"+44 7911 123456 ext 12", "", ""},
	{"++447911123456", "", ""},
	{"+44\x007911123456", "", ""},
	{"+４４７９１１１２３４５６", "", ""},
	{"tel:+447911123456", "", ""},
	{"+" + strings.Repeat(" ", 70) + "447911123456", "", ""},
}

func TestStrict(t *testing.T) {
	for _, tt := range normalizeTests {
		got, err := Strict{}.Normalize(tt.in)
		if (err == nil) != (tt.want != "") || got.E164 != tt.want || got.CallingCode != tt.cc {
			t.Errorf("Strict.Normalize(%q) = %+v, %v; want %q (+%s)", tt.in, got, err, tt.want, tt.cc)
		}
	}
}

func TestCallingCodesArePrefixFree(t *testing.T) {
	for cc := range callingCodes {
		for l := 1; l < len(cc); l++ {
			if callingCodes[cc[:l]] {
				t.Errorf("calling code %s starts with calling code %s", cc, cc[:l])
			}
		}
	}
	if got := len(CallingCodes()); got != len(callingCodes)-len(services) {
		t.Errorf("CallingCodes() has %d codes, want %d", got, len(callingCodes)-len(services))
	}
}
