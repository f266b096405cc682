package username_test

import (
	"fmt"

	"github.com/sesame-go/sesame/plugin/username"
)

// Names that look alike have one key, the value stored and compared: a
// second person cannot take "pаypal" (with a Cyrillic а) once "PayPal"
// is taken.
func ExampleNormalize() {
	for _, name := range []string{"PayPal", "p\u0430ypal", "ｐａｙｐａｌ", "JaneDoe"} {
		key, err := username.Normalize(name)
		fmt.Printf("%q %q %v\n", name, key, err)
	}
	// Output:
	// "PayPal" "paypal" <nil>
	// "pаypal" "paypal" <nil>
	// "ｐａｙｐａｌ" "paypal" <nil>
	// "JaneDoe" "janedoe" <nil>
}

// ASCII keeps usernames to a–z, A–Z, 0–9 and '.', '_', '-'.
func ExampleASCII() {
	for _, r := range "Jo_é" {
		fmt.Printf("%q %v\n", r, username.ASCII(r))
	}
	// Output:
	// 'J' true
	// 'o' true
	// '_' true
	// 'é' false
}
