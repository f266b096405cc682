package stale_test

import (
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/stale"
)

// A dry run before turning deletion on: what would a pass do today? The
// journeys run in plugin/stale/test on every engine, with a pass over
// 100 000 users.
func ExamplePlugin_Run() {
	st := stale.New(stale.WithDeleteAfter(30 * 24 * time.Hour)) // wired into auth.New with email and lastlogin
	report, err := st.Run(context.Background(), true)
	if err != nil {
		log.Print(err)
		return
	}
	fmt.Printf("would mail %d owners and delete %d accounts, of %d\n", report.Notified, report.Deleted, report.Scanned)
}

// The plugin needs the email plugin to reach owners; auth.New says so.
func ExampleNew() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(stale.New(stale.WithThreshold(time.Hour))))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.Contains(line, "stale") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin stale: stale: WithThreshold(1h0m0s) must be a day or more
	// stale needs the email plugin (email.New) to reach owners
}
