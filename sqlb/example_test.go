package sqlb_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Tables are declared once, as package-level values.
var (
	accounts     = sqlb.NewTable("account")
	accountID    = sqlb.NewColumn[string](accounts, "id", sqlb.String(26))
	accountEmail = sqlb.NewColumn[string](accounts, "email", sqlb.String(255))
	accountSince = sqlb.NewColumn[time.Time](accounts, "created_at", sqlb.Time())
	_            = accounts.Unique(accountEmail)
)

func init() { accounts.PrimaryKey(accountID) }

func ExampleSelect() {
	var id string
	var since time.Time
	q := sqlb.Select(accountID.Into(&id), accountSince.Into(&since)).
		From(accounts).
		Where(accountEmail.Eq("ada@example.com")).
		Limit(1)
	// db.One(ctx, q) would scan the row into id and since.
	for _, d := range sqlb.Dialects() {
		query, args, _ := sqlb.New(nil, d).Render(q)
		fmt.Println(query, args)
	}
	// Output:
	// SELECT "account"."id", "account"."created_at" FROM "account" WHERE "account"."email" = ? LIMIT ? [ada@example.com 1]
	// SELECT "account"."id", "account"."created_at" FROM "account" WHERE "account"."email" = $1 LIMIT $2 [ada@example.com 1]
	// SELECT `account`.`id`, `account`.`created_at` FROM `account` WHERE `account`.`email` = ? LIMIT ? [ada@example.com 1]
}

// byEmail is built once, at start-up; each run gives its values and its
// destinations.
var byEmail = sqlb.Prepare(sqlb.Select().From(accounts).
	Where(sqlb.Compare(accountEmail, sqlb.OpEq, sqlb.Param[string](0))))

func ExamplePrepare() {
	db, runs := sqlb.NewDryRun(sqlb.Postgres) // records what it is asked to run
	defer runs.Close()
	var id string
	var since time.Time
	for _, email := range []string{"ada@example.com", "grace@example.com"} {
		err := db.QueryOne(context.Background(), byEmail, []sqlb.Selection{accountID.Into(&id), accountSince.Into(&since)}, email)
		fmt.Println(errors.Is(err, sql.ErrNoRows)) // a dry run has no rows
	}
	for _, r := range runs.Statements() {
		fmt.Println(r.SQL, r.Args)
	}
	// Output:
	// true
	// true
	// SELECT "account"."id", "account"."created_at" FROM "account" WHERE "account"."email" = $1 [ada@example.com]
	// SELECT "account"."id", "account"."created_at" FROM "account" WHERE "account"."email" = $1 [grace@example.com]
}

func ExampleWithTableNames() {
	db := sqlb.New(nil, sqlb.Postgres, sqlb.WithTableNames(func(name string) string { return "myapp_" + name }))
	query, _, _ := db.Render(sqlb.Delete(accounts).Where(accountID.Eq("x")))
	fmt.Println(query)
	// Output:
	// DELETE FROM "myapp_account" WHERE "myapp_account"."id" = $1
}

func ExampleInsertStmt_OnConflictUpdate() {
	hits := sqlb.NewTable("hit")
	key := sqlb.NewColumn[string](hits, "k", sqlb.String(64))
	n := sqlb.NewColumn[int64](hits, "n", sqlb.Int())
	hits.PrimaryKey(key)

	// Count a hit atomically: insert 1, or add 1 to the existing row.
	upsert := sqlb.Insert(hits).Row(key.Set("login:ada"), n.Set(1)).
		OnConflictUpdate([]sqlb.AnyColumn{key}, n.SetTo(sqlb.Add(n, sqlb.Excluded(n))))
	for _, d := range []*sqlb.Dialect{sqlb.Postgres, sqlb.MySQL} {
		query, _, _ := sqlb.New(nil, d).Render(upsert)
		fmt.Println(query)
	}
	// Output:
	// INSERT INTO "hit" ("k", "n") VALUES ($1, $2) ON CONFLICT ("k") DO UPDATE SET "n" = ("hit"."n" + excluded."n")
	// INSERT INTO `hit` (`k`, `n`) VALUES (?, ?) ON DUPLICATE KEY UPDATE `n` = (`hit`.`n` + VALUES(`n`))
}

func ExampleCreateTable() {
	stmts, _ := sqlb.New(nil, sqlb.SQLite).RenderDDL(sqlb.CreateTable(accounts))
	for _, s := range stmts {
		fmt.Println(s)
	}
	// Output:
	// CREATE TABLE IF NOT EXISTS "account" ("id" TEXT NOT NULL, "email" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("id"))
	// CREATE UNIQUE INDEX IF NOT EXISTS "account_email_key" ON "account" ("email")
}

// SQLiteDSN is what a host gives modernc.org/sqlite for Sesame's database.
func ExampleSQLiteDSN() {
	fmt.Println(sqlb.SQLiteDSN("data/app.db"))
	// Output: file:data/app.db?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate
}
