package terms_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/terms"
)

// A host's page for the task: sessions held by the terms reach it through
// authhttp.BlockedSessionFrom, show the terms, and post the version shown
// to POST /auth/terms/accept. The journeys run in plugin/terms/test on
// every engine.
func ExampleNew() {
	tm := terms.New("2026-03-01", terms.WithURL("https://acme.example/terms"))
	http.HandleFunc("/accept-terms", func(w http.ResponseWriter, r *http.Request) {
		if _, _, blocked := authhttp.BlockedSessionFrom(r); blocked == nil || blocked.Code != terms.ErrTermsNotAccepted.Code {
			http.Redirect(w, r, "/", http.StatusSeeOther)
			return
		}
		fmt.Fprintf(w, `<a href="https://acme.example/terms">Our terms changed</a>; accept version %s to continue.`, tm.Version())
	})
}

// auth.New refuses a version no one could store.
func ExampleNew_invalid() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"), auth.WithPlugins(terms.New("")))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.Contains(line, "terms:") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin terms: terms: the version "" must have 1 to 64 bytes
}
