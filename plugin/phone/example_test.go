package phone_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/sesame-go/sesame/plugin/phone"
)

// The strict normalizer takes international numbers, with the usual
// separators, and refuses what it cannot text safely.
func ExampleStrict() {
	for _, raw := range []string{"+44 7911 123-456", "+1 (650) 253-0000", "07911 123456", "+44 07911 123456", "+979 1234 5678"} {
		n, err := phone.Strict{}.Normalize(raw)
		if err != nil {
			fmt.Printf("%-18q refused: %v\n", raw, err)
			continue
		}
		fmt.Printf("%-18q %s (+%s)\n", raw, n.E164, n.CallingCode)
	}
	// Output:
	// "+44 7911 123-456" +447911123456 (+44)
	// "+1 (650) 253-0000" +16502530000 (+1)
	// "07911 123456"     refused: phone number must start with + and its country calling code
	// "+44 07911 123456" refused: leave out the 0 after the country calling code: +44 7911 123456, not +44 07911 123456
	// "+979 1234 5678"   refused: numbers of international services (+800, +881, +979 ...) are not accepted
}

// In development, the console sender prints every text, codes included.
func ExampleConsoleSender() {
	s := &phone.ConsoleSender{Writer: os.Stdout}
	s.Send(context.Background(), phone.Message{Purpose: phone.PurposeSignIn, To: "+447911123456",
		Text: "123456 is your Acme sign-in code."})
	// Output:
	// ----- sms (phone-sign-in-code) -----
	// To: +447911123456
	//
	// 123456 is your Acme sign-in code.
	// -----
}

// A plugin for a host whose people live in the United Kingdom and
// Ireland: other countries' numbers are refused, and the United Kingdom
// gets a larger share of texts than the default.
func ExampleNew() {
	p := phone.New(
		phone.WithSender(&phone.ConsoleSender{}),
		phone.WithAppName("Acme"),
		phone.WithCallingCodes("44", "353"),
		phone.WithPrefixLimitFor("44", phone.PrefixLimit{Limit: 2000, Window: time.Hour, Spike: 300}),
	)
	_, err := p.Normalize("+33 6 12 34 56 78")
	fmt.Println(err)
	// Output:
	// auth: phone_invalid: numbers of +33 are not accepted here
}
