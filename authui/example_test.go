package authui_test

import (
	"fmt"

	"github.com/sesame-go/sesame/authui"
)

// DefaultMessages lists every key the pages use, to start the catalog
// of another language from.
func ExampleDefaultMessages() {
	en := authui.DefaultMessages("en")
	fmt.Println(en["title.sign_in"])
	fmt.Println(authui.DefaultMessages("de")["title.sign_in"])
	fmt.Println(authui.DefaultMessages("xx") == nil)
	// Output:
	// Sign in
	// Anmelden
	// true
}
