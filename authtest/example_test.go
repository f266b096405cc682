package authtest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/sqlb"
)

var notes = sqlb.NewTable("note")

func init() {
	notes.PrimaryKey(sqlb.NewColumn[string](notes, "id", sqlb.String(26)))
}

// A test that runs on SQLite, PostgreSQL and MySQL alike. It belongs in a
// _test.go file as func TestNotes(t *testing.T).
func ExampleEngines() {
	testNotes := func(t *testing.T) {
		authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
			if err := e.SQL().Apply(context.Background(), sqlb.CreateTable(notes)); err != nil {
				t.Fatal(err)
			}
			// ... exercise the code under test on e.DB ...
		})
	}
	_ = testNotes
}

// Every statement position of an operation fails in turn; the check after
// each run proves that nothing was half-written.
func ExampleFaults_Each() {
	testFaults := func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		db := sqlb.New(pool, e.Dialect)
		faults.Each(t,
			func(t *testing.T) { /* restore the starting state */ },
			func() error { return db.InTx(context.Background(), nil, func(tx *sqlb.DB) error { return nil }) },
			func(t *testing.T) { /* assert the state is unchanged */ })
	}
	_ = testFaults
}

// Fill an operation's input with hostile values: every run of a seed
// draws the same ones.
func ExampleHostile() {
	type signIn struct {
		Email    string      `json:"email"`
		Password auth.Secret `json:"password"`
	}
	h := authtest.NewHostile(1)
	var in signIn
	h.Fill(&in)
	again := authtest.NewHostile(1)
	var same signIn
	again.Fill(&same)
	fmt.Println(in.Email == same.Email, in.Password.Equal(same.Password))
	// Output: true true
}

// A TextBox keeps the texts a phone plugin sends (phone.WithSender);
// in a test, Code finds the code of the newest one.
func ExampleTextBox() {
	texts := &authtest.TextBox{}
	_ = texts.Send(context.Background(), phone.Message{Purpose: phone.PurposeVerify, To: "+447700900001",
		Text: "Your Acme code is 123456."})
	for _, m := range texts.Texts("+447700900001") {
		fmt.Println(m.Purpose, m.Text)
	}
	// Output: phone-verify Your Acme code is 123456.
}
