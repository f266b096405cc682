package libphonenumber_test

import (
	"fmt"

	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/phone/libphonenumber"
)

// A normalizer for a host in the United Kingdom: national numbers are
// British, premium-rate and toll-free numbers are refused.
func ExampleNew() {
	n := libphonenumber.New(libphonenumber.WithRegion("GB"))
	for _, raw := range []string{"07911 123456", "+1 650 253 0000", "0909 879 0000", "0800 123 4567"} {
		num, err := n.Normalize(raw)
		fmt.Printf("%-16q %s %v\n", raw, num.E164, err)
	}
	_ = phone.New(phone.WithNormalizer(n), phone.WithSender(&phone.ConsoleSender{}))
	// Output:
	// "07911 123456"   +447911123456 <nil>
	// "+1 650 253 0000" +16502530000 <nil>
	// "0909 879 0000"   numbers of this type (premium rate, toll-free ...) are not accepted
	// "0800 123 4567"   numbers of this type (premium rate, toll-free ...) are not accepted
}
