package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// Values of one session on SQLite through typed Go calls: set, read and
// listed by the session's own context, gone once it signs out. Over HTTP
// the same is GET /auth/session-data?key=, GET /auth/session-data/all and
// POST /auth/session-data/set {key, value}.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	login := authtest.NewLogin() // any sign-in method
	data := sessiondata.New(sessiondata.WithMaxKeys(16))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(login, data))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	in, _ := login.SignIn(ctx, "ada")
	session := auth.WithSessionToken(ctx, in.Token)

	type wizard struct {
		Step int    `json:"step"`
		Plan string `json:"plan"`
	}
	fmt.Println("set:", data.Set(session, "signup.wizard", wizard{Step: 2, Plan: "team"}))
	var w wizard
	ok, err := data.Get(session, "signup.wizard", &w)
	fmt.Println("get:", ok, err, w.Step, w.Plan)
	all, _ := data.List(session)
	fmt.Println("list:", string(all["signup.wizard"]))

	fmt.Println("sign-out:", a.SignOut(session))
	_, err = data.Get(session, "signup.wizard", &w)
	fmt.Println("after sign-out:", err)
	// Output:
	// set: <nil>
	// get: true <nil> 2 team
	// list: {"step":2,"plan":"team"}
	// sign-out: <nil>
	// after sign-out: auth: no_session: not signed in
}
