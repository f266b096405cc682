package password_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/legacy"
	"github.com/sesame-go/sesame/sqlb"
)

// Moving people from another system without a forced reset: create each
// user with the addresses the old system verified, and import their
// password hash as it was exported. They sign in with the password they
// had; the first sign-in replaces the imported hash with an argon2id one.
// Firebase's hashes need the project's parameters.
func ExamplePlugin_ImportHash() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	pw := password.New(password.WithoutRecovery(), password.WithFirebaseScrypt(legacy.FirebaseParams{
		SignerKey:     auth.NewSecret("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="),
		SaltSeparator: "Bw==", Rounds: 8, MemCost: 14}))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Println("schemes:", strings.Join(pw.PasswordSchemes(), " "))

	// From a Firebase export (firebase auth:export): passwordSalt$passwordHash.
	u, err := a.CreateUser(ctx, auth.NewUser{Name: "User 1", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "user1@test.com", Verified: true}}})
	if err != nil {
		log.Fatal(err)
	}
	err = pw.ImportHash(ctx, password.ImportHashRequest{UserID: u.ID, Scheme: password.SchemeFirebaseScrypt,
		Hash: auth.NewSecret("42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==")})
	fmt.Println("import:", err)

	_, err = pw.SignIn(ctx, password.SignInRequest{Email: "user1@test.com", Password: auth.NewSecret("wrong password")})
	fmt.Println("wrong password:", err)
	in, err := pw.SignIn(ctx, password.SignInRequest{Email: "user1@test.com", Password: auth.NewSecret("user1password")})
	fmt.Println("signed in:", in.User.Name, err)
	var stored string
	if err := a.DB().One(ctx, sqlb.Select(password.PasswordHash.Into(&stored)).From(password.Passwords)); err != nil {
		log.Fatal(err)
	}
	fmt.Println("stored now:", stored[:10])

	// A hash asking for too much work is refused, naming the problem.
	err = pw.ImportHash(ctx, password.ImportHashRequest{UserID: u.ID, Scheme: password.SchemeBcrypt,
		Hash: auth.NewSecret("$2b$31$" + strings.Repeat("a", 53))})
	fmt.Println("hostile:", err)
	// Output:
	// schemes: bcrypt better-auth-scrypt argon2 pbkdf2-sha256 firebase-scrypt
	// import: <nil>
	// wrong password: auth: invalid_credentials: wrong email or password
	// signed in: User 1 <nil>
	// stored now: $argon2id$
	// hostile: auth: invalid_password_hash: legacy: password hash work parameters out of bounds: bcrypt cost 31 is outside 4..14
}
