package lastlogin_test

import (
	"fmt"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/plugin/lastlogin"
)

// A host's account page lists the user's last sign-ins, from the Go call
// with the request's context (inside authhttp.Middleware), as GET
// /auth/last-login does for a client. The journeys run in
// plugin/lastlogin/test on every engine.
func ExamplePlugin_List() {
	ll := lastlogin.New() // wired into auth.New with a sign-in method
	http.HandleFunc("/account/sign-ins", func(w http.ResponseWriter, r *http.Request) {
		signIns, err := ll.List(r.Context())
		if err != nil {
			http.Error(w, "sign in first", http.StatusUnauthorized)
			return
		}
		for _, s := range signIns {
			fmt.Fprintln(w, describe(s))
		}
	})
}

// What a page shows of one sign-in.
func ExampleSignIn() {
	fmt.Println(describe(lastlogin.SignIn{Method: "password", At: time.Date(2026, 3, 3, 9, 30, 0, 0, time.UTC),
		IP: "203.0.113.7", UserAgent: "Firefox"}))
	fmt.Println(describe(lastlogin.SignIn{Method: "oauth:github", At: time.Date(2026, 3, 1, 18, 5, 0, 0, time.UTC)}))
	// Output:
	// password, 3 Mar 2026 09:30 UTC, from 203.0.113.7 (Firefox)
	// oauth:github, 1 Mar 2026 18:05 UTC, from a server call
}

func describe(s lastlogin.SignIn) string {
	if s.IP == "" {
		return fmt.Sprintf("%s, %s, from a server call", s.Method, s.At.Format("2 Jan 2006 15:04 MST"))
	}
	return fmt.Sprintf("%s, %s, from %s (%s)", s.Method, s.At.Format("2 Jan 2006 15:04 MST"), s.IP, s.UserAgent)
}
