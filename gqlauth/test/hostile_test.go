package test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestHostileInput: a body over the limit, a query past the complexity
// or depth limit, input of the wrong type or with fields the operation
// lacks, a body or query string that is not UTF-8, and a body that is no
// JSON each get a clean GraphQL error with a code, and no operation runs.
func TestHostileInput(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		c := f.app()

		huge := `{ coreSession { user { id } } }` + strings.Repeat(" ", 70<<10)
		r := c.do(huge, nil)
		if got := r.code(t); got != "body_too_large" || r.status != http.StatusRequestEntityTooLarge {
			t.Errorf("a 70 KiB query = %d %q, want 413 body_too_large", r.status, got)
		}

		var wide strings.Builder
		wide.WriteString("mutation {")
		for i := range complexityLimit + 1 {
			fmt.Fprintf(&wide, ` a%d: passwordForgot(input: {email: "ada%d@example.com"})`, i, i)
		}
		wide.WriteString(" }")
		r = c.do(wide.String(), nil)
		if got := r.code(t); got != "COMPLEXITY_LIMIT_EXCEEDED" || len(r.Data) > 0 {
			t.Errorf("%d aliased mutations = %q, data %v; want COMPLEXITY_LIMIT_EXCEEDED and nothing run", complexityLimit+1, got, r.Data)
		}
		if msgs := f.mail.Messages("ada0@example.com"); len(msgs) > 0 {
			t.Errorf("the refused query sent %d messages, want none", len(msgs))
		}

		deep := `{ __schema { types { fields { type { ofType { ofType { name } } } } } } }`
		if got := c.do(deep, nil).code(t); got != "depth_limit_exceeded" {
			t.Errorf("a query 7 fields deep = %q, want depth_limit_exceeded", got)
		}
		frag := `query { ...A } fragment A on Query { __schema { types { fields { type { ofType { name } } } } } }`
		if got := c.do(frag, nil).code(t); got != "depth_limit_exceeded" {
			t.Errorf("a deep query through a fragment = %q, want depth_limit_exceeded", got)
		}
		cycle := `query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }`
		if got := c.do(cycle, nil).code(t); got != "GRAPHQL_VALIDATION_FAILED" {
			t.Errorf("a cycle of fragments = %q, want GRAPHQL_VALIDATION_FAILED", got)
		}

		for name, q := range map[string]string{
			"a number for a string":  `mutation { passwordSignIn(input: {email: 5, password: "x"}) { user { id } } }`,
			"an unknown input field": `mutation { passwordSignIn(input: {email: "a@example.com", role: "admin"}) { user { id } } }`,
			"an unknown operation":   `mutation { adminBanUser(input: {id: "x"}) }`,
			"a missing input":        `mutation { passwordSignIn { user { id } } }`,
		} {
			r := c.do(q, nil)
			if got := r.code(t); got != "GRAPHQL_VALIDATION_FAILED" {
				t.Errorf("%s = %q (%+v), want GRAPHQL_VALIDATION_FAILED", name, got, r.Errors)
			}
		}
		r = c.do(signIn, map[string]any{"e": map[string]any{"$ne": ""}, "p": "x"})
		if got := r.code(t); got != "GRAPHQL_VALIDATION_FAILED" {
			t.Errorf("an object in a string variable = %q, want GRAPHQL_VALIDATION_FAILED", got)
		}
		// Two passwords that differ only in bytes that are not UTF-8 would
		// both become U+FFFD in JSON decoding: refused before that.
		for name, body := range map[string]string{
			"a body":         "{\"query\": \"mutation($p: String) { passwordSignIn(input: {email: \\\"a@example.com\\\", password: $p}) { user { id } } }\", \"variables\": {\"p\": \"x\xff\"}}",
			"a query string": "",
		} {
			req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/graphql", strings.NewReader(body))
			if body == "" {
				req, err = http.NewRequest(http.MethodGet, f.srv.URL+"/graphql?query=%7B%20me%20%7D%23%FF", nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			if r := c.send(req); r.code(t) != "invalid_input" || r.status != http.StatusBadRequest {
				t.Errorf("%s that is not UTF-8 = %d %+v, want 400 invalid_input", name, r.status, r.Errors)
			}
		}
		const secret = "hunter2-never-echoed"
		req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/graphql",
			bytes.NewReader([]byte(`{"query": "mutation { passwordSignIn(input: {password: \"`+secret+`\"`)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
		if r := c.send(req); r.code(t) != "invalid_json" || r.status != http.StatusBadRequest || strings.Contains(fmt.Sprint(r.Errors), secret) {
			t.Errorf("a body that is no JSON = %d %+v, want 400 invalid_json without the body", r.status, r.Errors)
		}
	})
}

// TestDatabaseErrorsReachTheCaller fails each statement of a sign-in over
// GraphQL, and its commit, in turn: every run answers the error internal,
// whose message names no cause, and starts no session.
func TestDatabaseErrorsReachTheCaller(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool, opts: []auth.Option{auth.WithoutRateLimits()}})
		const addr, pw = "ada@example.com", "correct horse battery"
		f.signUp(f.browser(), addr, pw)
		fail := func(what string) {
			t.Helper()
			r := f.app().do(signIn, map[string]any{"e": addr, "p": pw})
			if got := r.code(t); got != "internal" {
				t.Fatalf("sign-in with %s = %q (%+v), want internal", what, got, r.Errors)
			}
			if msg := r.Errors[0].Message; msg != "internal error" {
				t.Errorf("sign-in with %s: message %q, want \"internal error\" and no cause", what, msg)
			}
			if tok := r.header.Get("Auth-Token"); tok != "" {
				t.Errorf("sign-in with %s handed out a token", what)
			}
		}
		// Fail the first statement, then the second ... until a sign-in
		// runs fewer statements than the one failed: it then succeeds.
		for i := 1; ; i++ {
			faults.FailAt(i)
			r := f.app().do(signIn, map[string]any{"e": addr, "p": pw})
			if !faults.Fired() {
				if i < 3 || r.code(t) != "" {
					t.Fatalf("a sign-in with statement %d failing ran %d statements and answered %+v", i, faults.Statements(), r.Errors)
				}
				t.Logf("a failure at each of the %d statements of a sign-in answered internal", i-1)
				break
			}
			if got := r.code(t); got != "internal" {
				t.Fatalf("sign-in with statement %d failing = %q (%+v), want internal", i, got, r.Errors)
			}
			if msg := r.Errors[0].Message; msg != "internal error" {
				t.Errorf("sign-in with statement %d failing: message %q, want \"internal error\" and no cause", i, msg)
			}
			if r.header.Get("Auth-Token") != "" {
				t.Errorf("sign-in with statement %d failing handed out a token", i)
			}
		}
		faults.FailCommit()
		fail("the commit failing")
	})
}
