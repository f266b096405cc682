package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/phone/libphonenumber"
)

// TestNationalNumbers: with the libphonenumber normalizer for the United
// Kingdom, people type national numbers (libphonenumber's example
// mobile: the drama range is not in its plan), every spelling names one
// account, and premium-rate and toll-free numbers get nothing.
func TestNationalNumbers(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithNormalizer(libphonenumber.New(libphonenumber.WithRegion("GB")))}})
		_, up := f.signIn(t, "07911 123456", phone.PurposeSignUp)
		for _, spelling := range []string{"+44 7911 123456", "(07911) 123-456", "0044 7911 123456"} {
			c, in := f.signIn(t, spelling, phone.PurposeSignIn)
			if in.Created || in.User.ID != up.User.ID {
				t.Errorf("sign-in as %q = %+v, want Ada's account", spelling, in)
			}
			if got := phones(t, c); len(got) != 1 || !got["+447911123456"] {
				t.Errorf("numbers = %v, want +447911123456", got)
			}
		}
		for _, n := range []string{"0909 879 0000", "0800 123 4567", "+979 123456789", "07911 1234"} {
			wantError(t, "send("+n+")", f.client(t).Post("/auth/phone/code/send", map[string]string{"phone": n}),
				http.StatusBadRequest, "phone_invalid")
		}
		if n := len(f.sms.messages("")); n != 4 {
			t.Errorf("%d texts, want the 4 codes", n)
		}
	})
}
