package libphonenumber

import (
	"slices"
	"strconv"
	"testing"

	"github.com/nyaruka/phonenumbers"
	"github.com/sesame-go/sesame/plugin/phone"
)

var normalizeTests = []struct {
	region, in, want, cc string
}{
	{"GB", "07911 123456", "+447911123456", "44"},
	{"GB", "+44 (0) 7911 123456", "+447911123456", "44"},
	{"GB", "0044 7911 123456", "+447911123456", "44"},
	{"", "+44 7911 123456", "+447911123456", "44"},
	{"US", "(650) 253-0000", "+16502530000", "1"},
	{"US", "1-650-253-0000", "+16502530000", "1"},
	{"IT", "06 6982 0000", "+390669820000", "39"},
	{"FR", "06 12 34 56 78", "+33612345678", "33"},
	{"", "07911 123456", "", ""},           // no region
	{"GB", "0909 879 0000", "", ""},        // premium rate
	{"US", "1-800-234-5678", "", ""},       // toll-free
	{"", "+800 1234 5678", "", ""},         // universal freephone
	{"", "+979 123456789", "", ""},         // international premium rate
	{"GB", "07911 12345", "", ""},          // too short
	{"GB", "07911 123456 ext. 12", "", ""}, // extension
	{"GB", "hello", "", ""},                //
	{"GB", "", "", ""},                     //
	{"GB", "+44 7911 123456" + string(make([]byte, 60)), "", ""},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		got, err := New(WithRegion(tt.region)).Normalize(tt.in)
		if (err == nil) != (tt.want != "") || got.E164 != tt.want || got.CallingCode != tt.cc {
			t.Errorf("Normalize(%q) in %q = %+v, %v; want %q (+%s)", tt.in, tt.region, got, err, tt.want, tt.cc)
		}
		if err == nil {
			again, err := New().Normalize(got.E164)
			if err != nil || again != got {
				t.Errorf("Normalize(%q) = %+v, %v; want it unchanged", got.E164, again, err)
			}
		}
	}
}

func TestRefusedTypes(t *testing.T) {
	n := New(WithRegion("US"), WithRefusedTypes())
	if got, err := n.Normalize("1-800-234-5678"); err != nil || got.E164 != "+18002345678" {
		t.Errorf("Normalize(toll-free) with no type refused = %+v, %v", got, err)
	}
	n = New(WithRegion("GB"), WithRefusedTypes(phonenumbers.MOBILE))
	if _, err := n.Normalize("07911 123456"); err == nil {
		t.Error("Normalize(mobile) with mobiles refused = nil error")
	}
}

// TestCallingCodesAgree: the strict normalizer's calling codes are
// libphonenumber's, but for those of international services, which it
// refuses.
func TestCallingCodesAgree(t *testing.T) {
	services := []string{"800", "808", "870", "878", "881", "882", "883", "888", "979"}
	var want []string
	for cc := range phonenumbers.GetSupportedCallingCodes() {
		if s := strconv.Itoa(cc); !slices.Contains(services, s) {
			want = append(want, s)
		}
	}
	got := phone.CallingCodes()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("phone.CallingCodes() = %v\nlibphonenumber's = %v", got, want)
	}
}

// exampleNumbers returns libphonenumber's example number of every region
// and type, and of every international service.
func exampleNumbers() []*phonenumbers.PhoneNumber {
	var out []*phonenumbers.PhoneNumber
	types := []phonenumbers.PhoneNumberType{phonenumbers.FIXED_LINE, phonenumbers.MOBILE, phonenumbers.TOLL_FREE,
		phonenumbers.PREMIUM_RATE, phonenumbers.SHARED_COST, phonenumbers.VOIP, phonenumbers.PERSONAL_NUMBER,
		phonenumbers.PAGER, phonenumbers.UAN, phonenumbers.VOICEMAIL}
	for region := range phonenumbers.GetSupportedRegions() {
		for _, typ := range types {
			if n := phonenumbers.GetExampleNumberForType(region, typ); n != nil {
				out = append(out, n)
			}
		}
	}
	for cc := range phonenumbers.GetSupportedGlobalNetworkCallingCodes() {
		if n := phonenumbers.GetExampleNumberForNonGeoEntity(cc); n != nil {
			out = append(out, n)
		}
	}
	return out
}

// personal are the types of numbers a person holds.
var personal = []phonenumbers.PhoneNumberType{phonenumbers.FIXED_LINE, phonenumbers.MOBILE,
	phonenumbers.FIXED_LINE_OR_MOBILE, phonenumbers.VOIP, phonenumbers.PERSONAL_NUMBER}

// TestStrictAgrees: where both normalizers apply, they agree. Every
// example number of libphonenumber's, in E.164 and in international
// format, normalizes by the strict normalizer to libphonenumber's E.164,
// or is refused: those of international services always, short service
// numbers (a 4-digit UAN of Iran's, a 7-digit one of NANP's) when they
// break its rules; the numbers people hold never.
func TestStrictAgrees(t *testing.T) {
	examples := exampleNumbers()
	if len(examples) < 1000 {
		t.Fatalf("only %d example numbers", len(examples))
	}
	for _, n := range examples {
		want := phonenumbers.Format(n, phonenumbers.E164)
		service := phonenumbers.GetRegionCodeForNumber(n) == "001"
		held := slices.Contains(personal, phonenumbers.GetNumberType(n))
		for _, in := range []string{want, phonenumbers.Format(n, phonenumbers.INTERNATIONAL)} {
			got, err := phone.Strict{}.Normalize(in)
			switch {
			case service && err == nil:
				t.Errorf("Strict.Normalize(%q) = %+v, want an international service refused", in, got)
			case err == nil && (got.E164 != want || got.CallingCode != strconv.Itoa(int(n.GetCountryCode()))):
				t.Errorf("Strict.Normalize(%q) = %+v; want %s as libphonenumber", in, got, want)
			case err != nil && held && !service:
				t.Errorf("Strict.Normalize(%q) = %v; want %s as libphonenumber", in, err, want)
			}
		}
	}
}
