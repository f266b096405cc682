package password_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// A whole journey through typed Go calls: sign up, verify the address from
// the mailed link, sign in.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	var sent []email.Message // in production: a real email.Sender
	keep := email.SenderFunc(func(_ context.Context, m email.Message) error {
		sent = append(sent, m)
		return nil
	})
	mail := email.New(email.WithSender(keep), email.WithAppName("Acme"))
	pw := password.New()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(mail, pw))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	_, err = pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery"), Name: "Ada"})
	fmt.Println("sign-up:", err)
	_, err = pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("sign-in before verifying:", err)

	fmt.Println("mail:", sent[0].Subject)
	token := linkToken(sent[0].Text)
	if _, err := mail.Verify(ctx, auth.NewSecret(token)); err != nil {
		log.Fatal(err)
	}
	in, err := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("signed in:", in.User.Name, err)
	// Output:
	// sign-up: <nil>
	// sign-in before verifying: auth: email_not_verified: verify your email first: we sent you a link
	// mail: Confirm your email for Acme
	// signed in: Ada <nil>
}

// Seeding a person for a benchmark, an import or an administration tool:
// CreateUser with an address the host vouches for, then SetPassword. The
// person signs in at once; no mail is sent, so no sender is needed
// (WithoutRecovery stands in for a real one here).
func Example_seed() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	pw := password.New(password.WithoutRecovery())
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	u, err := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "Ada@Example.com", Verified: true},
	}})
	if err != nil {
		log.Fatal(err)
	}
	if err := pw.SetPassword(ctx, u.ID, auth.NewSecret("correct horse battery")); err != nil {
		log.Fatal(err)
	}
	fmt.Println("primary address:", u.Fields["primaryEmail"])

	in, err := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("signed in:", in.User.Name, err)

	_, err = a.CreateUser(ctx, auth.NewUser{Name: "Mallory", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "ada@example.com", Verified: true},
	}})
	fmt.Println("the same address again:", errors.Is(err, auth.ErrIdentityTaken))
	// Output:
	// primary address: ada@example.com
	// signed in: Ada <nil>
	// the same address again: true
}

// Rate limits per operation, named by the plugins' constants: here two
// sign-ins a minute per address. A Go call made outside a request has no
// client IP, so only the per-account rule applies to it.
// auth.RateRules{} turns one operation's limits off, and
// auth.WithoutRateLimits() all of them.
func Example_rateLimits() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	pw := password.New(password.WithoutRecovery())
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw),
		auth.WithRateLimit(password.OpSignIn, auth.RateRules{
			IP:      auth.RateRule{Limit: 100, Window: time.Minute, Sliding: true},
			Account: auth.RateRule{Limit: 2, Window: time.Minute},
		}),
		auth.WithRateLimit(password.OpForgot, auth.RateRules{}), // no limit at all
	)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	for range 3 {
		_, err := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("a wrong guess")})
		var e *auth.Error
		errors.As(err, &e)
		fmt.Println(e.Code, e.Status)
	}
	// Output:
	// invalid_credentials 401
	// invalid_credentials 401
	// rate_limited 429
}

// linkToken takes the token out of a message's link.
func linkToken(text string) string {
	var token string
	for i := 0; i+6 < len(text); i++ {
		if text[i:i+6] == "token=" {
			j := i + 6
			for j < len(text) && text[j] != '\n' && text[j] != ' ' {
				j++
			}
			token = text[i+6 : j]
		}
	}
	return token
}
