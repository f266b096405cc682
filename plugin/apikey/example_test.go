package apikey_test

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: people sign in (here with a magic link) and make keys under
// /auth/api-keys; the app's API takes a key, or a session, where the
// scope allows. The journeys run in the plugin's test module
// (plugin/apikey/test), on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	keys := apikey.New(
		apikey.WithPrefix("acme_live_"),
		apikey.WithScopes("orders:read", "orders:write"),
		apikey.WithHeader("X-API-Key"),
		apikey.WithRateLimit(auth.RateRule{Limit: 600, Window: time.Minute}),
	)
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(email.New(email.WithSender(&email.LogSender{Writer: os.Stderr})), magiclink.New(), admin.New(), keys))
	if err != nil {
		log.Fatal(err)
	}
	orders := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		fmt.Fprintln(w, "orders of", u.ID)
	})
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle("GET /api/orders", keys.RequireScope("orders:read")(orders))
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// A secret scanner recognizes a leaked key offline: a prefix, 43 base62
// characters, and a CRC-32 of both in 6 more.
func ExampleLooksValid() {
	for _, s := range []string{
		"sk_live_0000000000000000000000000000000000000000000" + "1Vxh1Z", // a made-up key, checksum and all
		"sk_live_0000000000000000000000000000000000000000000" + "000000",
		"ghp_" + strings.Repeat("0", 36),
	} {
		fmt.Println(apikey.LooksValid(s))
	}
	// Output:
	// true
	// false
	// false
}

// auth.New refuses a prefix that would not read apart from the key, and
// a header that carries other credentials.
func ExampleWithPrefix() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(magiclink.New(), apikey.New(apikey.WithPrefix("LIVE"), apikey.WithHeader("Cookie"))))
	_, mine, _ := strings.Cut(err.Error(), "auth: plugin apikey: ")
	fmt.Println(mine)
	// Output:
	// prefix "LIVE" must be 2 to 20 of a-z, 0-9 and _, start with a letter and end with _ (WithPrefix)
	// header "Cookie" must be a header name other than Authorization and Cookie (WithHeader)
}
