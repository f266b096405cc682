package libphonenumber

import (
	"testing"

	"github.com/nyaruka/phonenumbers"
	"github.com/sesame-go/sesame/plugin/phone"
)

// FuzzAgreement: the libphonenumber normalizer never panics, an error
// means the zero Number, and a result is its own normal form; where the
// strict normalizer accepts the same input too, libphonenumber reads the
// strict result as the same number. The two are equal byte for byte but
// where libphonenumber applies a national plan the strict normalizer
// cannot know: a trunk prefix typed after the calling code ("8" in
// Lithuania) that it drops, or digits a plan adds (Madagascar's "20"
// before 7-digit numbers). TestStrictAgrees shows them equal for the
// numbers of every region in canonical form.
func FuzzAgreement(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	for i, n := range exampleNumbers() {
		if i%10 == 0 {
			f.Add(phonenumbers.Format(n, phonenumbers.INTERNATIONAL))
		}
	}
	lib := New(WithRefusedTypes())
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := lib.Normalize(raw)
		if err != nil {
			if got != (phone.Number{}) {
				t.Fatalf("Normalize(%q) = %+v with error %v; want the zero Number", raw, got, err)
			}
			return
		}
		if again, err := lib.Normalize(got.E164); err != nil || again != got {
			t.Fatalf("Normalize(Normalize(%q)) = %+v, %v; want %+v", raw, again, err, got)
		}
		strict, err := phone.Strict{}.Normalize(raw)
		if err != nil || strict == got {
			return
		}
		if read, err := lib.Normalize(strict.E164); err != nil || read != got {
			t.Fatalf("Normalize(%q): strict %+v, which libphonenumber reads as %+v, %v; libphonenumber %+v", raw, strict, read, err, got)
		}
	})
}
