package passkey_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// openDB opens a fresh SQLite database for an example.
func openDB() (*sql.DB, func()) {
	dir, err := os.MkdirTemp("", "sesame-example")
	if err != nil {
		log.Fatal(err)
	}
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(filepath.Join(dir, "app.db")))
	if err != nil {
		log.Fatal(err)
	}
	return db, func() { db.Close(); os.RemoveAll(dir) }
}

// The relying party comes from the base URL: passkeys are made for its
// host, and used from its origin.
func ExampleNew() {
	db, done := openDB()
	defer done()
	pk := passkey.New()
	_, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins(email.New(), pk))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(pk.RPID(), pk.Origins())
	// Output: example.com [https://example.com]
}

// Passkeys made for a parent domain work on its subdomains: here the
// routes are on auth.example.com and the pages on app.example.com.
func ExampleWithRPID() {
	db, done := openDB()
	defer done()
	pk := passkey.New(passkey.WithRPID("example.com"), passkey.WithRPName("Acme"),
		passkey.WithOrigins("https://app.example.com", "https://auth.example.com"))
	_, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("https://auth.example.com/auth"),
		auth.WithTrustedOrigins("https://app.example.com"), auth.WithPlugins(email.New(), pk))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(pk.RPID(), pk.Origins())
	// Output: example.com [https://app.example.com https://auth.example.com]
}

// auth.New refuses a relying party no browser would accept.
func ExampleNew_refused() {
	for _, c := range []struct{ base, rpID string }{
		{"http://example.com/auth", ""},                // not a secure context
		{"https://auth.example.com/auth", "other.com"}, // not a parent of the host
		{"https://shop.github.io/auth", "github.io"},   // a public suffix
	} {
		_, err := auth.New(auth.WithBaseURL(c.base), auth.WithPlugins(email.New(), passkey.New(passkey.WithRPID(c.rpID))))
		for _, line := range strings.Split(err.Error(), "\n") {
			if strings.Contains(line, "plugin passkey") {
				fmt.Println(line[:strings.Index(line, ":")+len(": plugin passkey")], "refused", c.base, "with RP ID", strings.Contains(line, "relying party ID"))
			}
		}
	}
	// Output:
	// auth: plugin passkey refused http://example.com/auth with RP ID false
	// auth: plugin passkey refused https://auth.example.com/auth with RP ID true
	// auth: plugin passkey refused https://shop.github.io/auth with RP ID true
}

// A sign-in's options name no account: the browser offers the person the
// passkeys it holds for the site. A Go call made outside any request gets
// the challenge bound to a flow value instead of a cookie.
func ExamplePlugin_SignInOptions() {
	db, done := openDB()
	defer done()
	pk := passkey.New()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins(email.New(), pk))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	opts, err := pk.SignInOptions(ctx, passkey.SignInOptionsRequest{Mediation: "conditional"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("challenge bytes:", len(opts.PublicKey.Challenge))
	fmt.Println("rpId:", opts.PublicKey.RelyingPartyID)
	fmt.Println("user verification:", opts.PublicKey.UserVerification)
	fmt.Println("allowed credentials:", len(opts.PublicKey.AllowedCredentials))
	fmt.Println("mediation:", opts.Mediation)
	fmt.Println("bound by flow:", opts.Flow != "" && opts.Cookie == nil)
	// Output:
	// challenge bytes: 32
	// rpId: example.com
	// user verification: required
	// allowed credentials: 0
	// mediation: conditional
	// bound by flow: true
}

// Registering a passkey needs a person signed in within the fresh age:
// here with an email code, through typed Go calls.
func ExamplePlugin_RegisterOptions() {
	db, done := openDB()
	defer done()
	var code string
	keep := email.SenderFunc(func(_ context.Context, m email.Message) error {
		code = regexp.MustCompile(`\d{6,}`).FindString(m.Text)
		return nil
	})
	mail := email.New(email.WithSender(keep))
	pk := passkey.New(passkey.WithRPName("Acme"))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins(mail, pk))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	if _, err := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "ada@example.com", Verified: true}}}); err != nil {
		log.Fatal(err)
	}
	if _, err := pk.RegisterOptions(ctx); errors.Is(err, auth.ErrNoSession) {
		fmt.Println("signed out:", err)
	}
	if err := mail.SendCode(ctx, "ada@example.com"); err != nil {
		log.Fatal(err)
	}
	in, err := mail.SignInWithCode(ctx, "ada@example.com", auth.NewSecret(code))
	if err != nil {
		log.Fatal(err)
	}
	opts, err := pk.RegisterOptions(auth.WithSessionToken(ctx, in.Token))
	if err != nil {
		log.Fatal(err)
	}
	o := opts.PublicKey
	fmt.Println("rp:", o.RelyingParty.ID, o.RelyingParty.Name)
	fmt.Println("user:", o.User.Name, o.User.DisplayName)
	fmt.Println("resident key:", o.AuthenticatorSelection.ResidentKey)
	fmt.Println("user verification:", o.AuthenticatorSelection.UserVerification)
	// Output:
	// signed out: auth: no_session: not signed in
	// rp: example.com Acme
	// user: ada@example.com Ada
	// resident key: required
	// user verification: required
}
