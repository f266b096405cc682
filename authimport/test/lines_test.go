package test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

const jsonl = `{"id":"u1","email":"ada@example.com","email_verified":true,"name":"Ada","created_at":"2024-03-04T05:06:07Z","password_scheme":"bcrypt","password_hash":"$2a$10$abcdefghijklmnopqrstuv","oauth":[{"provider":"github","subject":"4242"}]}
{"id":"u2","email":"bob@example.com","name":"Bob"}

{"id":"u3","email":"cy@example.com","email_verified":true,"oauth_provider":"github","oauth_subject":"77"}
`

const csvData = `id,email,email_verified,name,created_at,password_scheme,password_hash,oauth_provider,oauth_subject
u1,ada@example.com,true,Ada,2024-03-04T05:06:07Z,bcrypt,$2a$10$abcdefghijklmnopqrstuv,github,4242
u2,bob@example.com,false,Bob,,,,,
u3,cy@example.com,1,,,,,github,77
u3,cy@example.com,1,,,,,github,78
`

// TestGenericFormats imports the same people from JSON lines and from
// CSV on every engine: addresses, verification, password hashes, OAuth
// accounts, sign-up times; a second CSV row of a person adds an account.
func TestGenericFormats(t *testing.T) {
	for _, format := range []string{"jsonl", "csv"} {
		t.Run(format, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				f := newFixture(t, e, setup{})
				src := authimport.JSONLines("old", strings.NewReader(jsonl))
				extra := []string(nil)
				if format == "csv" {
					src = authimport.CSV("old", strings.NewReader(csvData))
					extra = []string{"oauth:github 78 true"}
				}
				r := f.run(t, src)
				if r.Users.Imported != 3 || r.Passwords.Imported != 1 || len(r.Problems) != 0 {
					t.Fatalf("Import = %+v, want 3 users, 1 password, no problems", *r)
				}
				for _, c := range []struct {
					id   string
					want []string
				}{
					{"u1", []string{"email ada@example.com true", "oauth:github 4242 true"}},
					{"u2", []string{"email bob@example.com false"}},
					{"u3", append([]string{"email cy@example.com true", "oauth:github 77 true"}, extra...)},
				} {
					uid := f.imported(t, "old", c.id)
					got := f.identities(t, uid)
					slices.Sort(got)
					if !slices.Equal(got, c.want) {
						t.Errorf("identities of %s = %q, want %q", c.id, got, c.want)
					}
				}
				u1 := f.imported(t, "old", "u1")
				if got := f.hashOf(t, u1); got != "bcrypt $2a$10$abcdefghijklmnopqrstuv" {
					t.Errorf("hash of u1 = %q", got)
				}
				var created time.Time
				if err := f.a.DB().One(context.Background(), sqlb.Select(auth.UserCreatedAt.Into(&created)).From(auth.Users).
					Where(auth.UserID.Eq(u1))); err != nil {
					t.Fatal(err)
				}
				if got := created.UTC().Format("2006-01-02T15:04:05Z"); got != "2024-03-04T05:06:07Z" {
					t.Errorf("u1's CreatedAt = %s, want the source's 2024-03-04T05:06:07Z", got)
				}
			})
		})
	}
}

// TestDryRunReportsProblems: a dry run names every problem of a source
// (a duplicate address differing only in case, malformed rows, a
// provider the oauth plugin lacks, a scheme the password plugin cannot
// read) and writes nothing; the run reports the same and imports the
// rest.
func TestDryRunReportsProblems(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		data := `{"id":"a","email":"Ada@Example.com"}
{"id":"b","email":"ada@example.com","email_verified":true}
not json
{"id":"c","email":"not an address"}
{"id":"d","email":"d@example.com","oauth":[{"provider":"gitlab","subject":"1"}]}
{"id":"e","email":"e@example.com","password_scheme":"md5","password_hash":"abc"}
{"id":"f","email":"f@example.com","unknown":1}
{"email":"g@example.com"}
`
		before := state(t, e.SQL())
		dry := f.run(t, authimport.JSONLines("old", strings.NewReader(data)), authimport.DryRun())
		if after := state(t, e.SQL()); after != before {
			t.Fatalf("a dry run changed the database")
		}
		wantProblems := map[string]string{"b": "email", "line 3": "record", "c": "email", "d": "accounts", "e": "password",
			"line 7": "record", "line 8": "record"}
		check := func(r *authimport.Report) {
			t.Helper()
			got := map[string]string{}
			for _, p := range r.Problems {
				got[p.ID] = p.Field
			}
			if len(got) != len(wantProblems) {
				t.Fatalf("problems = %v, want one for each of %v", r.Problems, wantProblems)
			}
			for id, field := range wantProblems {
				if got[id] != field {
					t.Errorf("problem of %s = %q, want %q (all: %v)", id, got[id], field, r.Problems)
				}
			}
			if r.Users.Imported != 3 { // a, d and e
				t.Errorf("users imported = %d, want 3: %+v", r.Users.Imported, *r)
			}
		}
		check(dry)
		check(f.run(t, authimport.JSONLines("old", strings.NewReader(data))))
		if f.imported(t, "old", "b") != "" || f.imported(t, "old", "a") == "" {
			t.Fatal("the first of two addresses differing in case was not the one imported")
		}
	})
}

// failingSource yields records, then fails, as an interrupted run does.
type failingSource struct {
	authimport.Source
	after int
	read  int
}

var errInterrupted = errors.New("interrupted")

func (s *failingSource) Next(ctx context.Context, n int) ([]authimport.Record, error) {
	if s.read >= s.after {
		return nil, errInterrupted
	}
	recs, err := s.Source.Next(ctx, n)
	s.read += len(recs)
	return recs, err
}

// TestResume: a run interrupted after its first batches keeps them; the
// next run imports the rest and nothing twice.
func TestResume(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		var b strings.Builder
		for i := range 25 {
			b.WriteString(`{"id":"u` + string(rune('a'+i)) + `","email":"u` + string(rune('a'+i)) + `@example.com","email_verified":true}` + "\n")
		}
		var progress strings.Builder
		_, err := f.imp.Import(context.Background(), &failingSource{Source: authimport.JSONLines("old", strings.NewReader(b.String())), after: 10},
			authimport.WithBatchSize(5), authimport.WithProgress(&progress))
		if !errors.Is(err, errInterrupted) {
			t.Fatalf("Import of an interrupted source = %v, want %v", err, errInterrupted)
		}
		if lines := strings.Count(progress.String(), "\n"); lines != 2 {
			t.Errorf("progress = %q, want a line for each of 2 batches", progress.String())
		}
		r := f.run(t, authimport.JSONLines("old", strings.NewReader(b.String())), authimport.WithBatchSize(5))
		if r.Users.Already != 10 || r.Users.Imported != 15 {
			t.Fatalf("the resumed run = %+v, want 10 already and 15 imported", *r)
		}
	})
}
