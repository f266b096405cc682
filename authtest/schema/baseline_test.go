package schema

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// record names a release whose schema TestRecordRelease writes to
// testdata/<release>/: scripts/release.sh runs it for each new release.
var record = flag.String("record", "", "write the schema of this release (such as v0.2.0) to testdata/<release>/")

// baseline is one release's frozen schema on one engine: the statements
// of each migration, in order, as an empty database ran them.
type baseline struct {
	release string
	dialect *sqlb.Dialect
	setup   []statement
	steps   []baselineStep
}

type baselineStep struct {
	plugin, id string
	statements []statement
}

// statement is one statement of a baseline and its arguments, which a
// data migration's inserts have.
type statement struct {
	sql  string
	args []any
}

// line is the statement as the baseline file holds it: the SQL, a
// semicolon, and the arguments (if any) in a comment, each tagged with its
// type so that it reads back as the same Go value.
func (s statement) line() (string, error) {
	if len(s.args) == 0 {
		return s.sql + ";", nil
	}
	tagged := make([]string, len(s.args))
	for i, a := range s.args {
		switch v := a.(type) {
		case nil:
			tagged[i] = "null"
		case string:
			tagged[i] = "s:" + v
		case int64:
			tagged[i] = "i:" + strconv.FormatInt(v, 10)
		case bool:
			tagged[i] = "b:" + strconv.FormatBool(v)
		case time.Time:
			tagged[i] = "t:" + v.UTC().Format(time.RFC3339Nano)
		case []byte:
			tagged[i] = "x:" + hex.EncodeToString(v)
		default:
			return "", fmt.Errorf("argument %d of %q: a %T has no baseline spelling", i+1, s.sql, a)
		}
	}
	js, err := json.Marshal(tagged)
	return s.sql + "; -- args: " + string(js), err
}

// parseStatement reads a line back.
func parseStatement(line string) (statement, error) {
	query, args, found := strings.Cut(line, "; -- args: ")
	if !found {
		return statement{sql: strings.TrimSuffix(line, ";")}, nil
	}
	var tagged []string
	if err := json.Unmarshal([]byte(args), &tagged); err != nil {
		return statement{}, err
	}
	st := statement{sql: query}
	for _, a := range tagged {
		tag, v, _ := strings.Cut(a, ":")
		var val any
		var err error
		switch tag {
		case "null":
		case "s":
			val = v
		case "i":
			val, err = strconv.ParseInt(v, 10, 64)
		case "b":
			val, err = strconv.ParseBool(v)
		case "t":
			val, err = time.Parse(time.RFC3339Nano, v)
		case "x":
			val, err = hex.DecodeString(v)
		default:
			err = fmt.Errorf("unknown argument tag %q", tag)
		}
		if err != nil {
			return statement{}, err
		}
		st.args = append(st.args, val)
	}
	return st, nil
}

// baselineOf turns a plan into a baseline: its writes, without the
// records of the migrations table (the upgrade test writes those) and
// without reads (an empty database's reads find nothing).
func baselineOf(release string, p *auth.MigrationPlan) baseline {
	writes := func(rs []sqlb.Recorded) []statement {
		var out []statement
		for _, r := range rs {
			if !r.Query {
				out = append(out, statement{r.SQL, r.Args})
			}
		}
		return out
	}
	b := baseline{release: release, dialect: p.Dialect, setup: writes(p.Setup)}
	for _, m := range p.Migrations {
		stmts := writes(m.Statements)
		b.steps = append(b.steps, baselineStep{m.Plugin, m.ID, stmts[:len(stmts)-1]}) // the last is the record
	}
	return b
}

// text is the baseline's file: a header, then each step under a comment
// naming it, one statement per line.
func (b baseline) text() (string, error) {
	var s strings.Builder
	var err error
	write := func(st statement) {
		line, lerr := st.line()
		s.WriteString(line + "\n")
		err = errors.Join(err, lerr)
	}
	fmt.Fprintf(&s, "-- Sesame %s: the schema of the core and every plugin on %s, as an empty database was migrated.\n", b.release, b.dialect)
	s.WriteString("-- Frozen at release by scripts/release.sh; never edit it.\n-- setup\n")
	for _, st := range b.setup {
		write(st)
	}
	for _, step := range b.steps {
		fmt.Fprintf(&s, "-- migration %s %s\n", step.plugin, step.id)
		for _, st := range step.statements {
			write(st)
		}
	}
	return s.String(), err
}

// parseBaseline reads a baseline's file back.
func parseBaseline(release string, d *sqlb.Dialect, text string) (baseline, error) {
	b := baseline{release: release, dialect: d}
	cur := &b.setup
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "-- migration "):
			f := strings.Fields(strings.TrimPrefix(line, "-- migration "))
			if len(f) != 2 {
				return b, fmt.Errorf("line %d: %q names no plugin and migration", i+1, line)
			}
			b.steps = append(b.steps, baselineStep{plugin: f[0], id: f[1]})
			cur = &b.steps[len(b.steps)-1].statements
		case strings.HasPrefix(line, "--"):
		case strings.HasSuffix(line, ";"), strings.Contains(line, "; -- args: "):
			st, err := parseStatement(line)
			if err != nil {
				return b, fmt.Errorf("line %d: %v", i+1, err)
			}
			*cur = append(*cur, st)
		default:
			return b, fmt.Errorf("line %d: %q is neither a comment nor a statement", i+1, line)
		}
	}
	return b, nil
}

// releases returns the baselines in testdata, for every engine.
func releases(t *testing.T) []baseline {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "v*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no release baseline in testdata (%v)", err)
	}
	var out []baseline
	for _, dir := range dirs {
		for _, d := range sqlb.Dialects() {
			text, err := os.ReadFile(filepath.Join(dir, d.Name()+".sql"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := parseBaseline(filepath.Base(dir), d, string(text))
			if err != nil {
				t.Fatalf("%s/%s.sql: %v", dir, d, err)
			}
			out = append(out, b)
		}
	}
	return out
}

// TestRecordRelease writes, with -record, the schema of the release being
// made; without, it checks that the writer and the reader agree.
func TestRecordRelease(t *testing.T) {
	for _, d := range sqlb.Dialects() {
		text, err := baselineOf("vX", planFor(t, d)).text()
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseBaseline("vX", d, text)
		if err != nil {
			t.Fatalf("%v: parseBaseline: %v", d, err)
		}
		if again, err := back.text(); err != nil || again != text {
			t.Errorf("%v: a baseline read back = %v, %q; want it unchanged", d, err, again)
		}
		if *record == "" {
			continue
		}
		dir := filepath.Join("testdata", *record)
		if _, err := os.Stat(filepath.Join(dir, d.Name()+".sql")); err == nil {
			t.Fatalf("%s already holds the schema of %s: a release's baseline is never rewritten", dir, *record)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		text, err = baselineOf(*record, planFor(t, d)).text()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, d.Name()+".sql"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReleasedMigrationsUnchanged proves that no released migration was
// edited or removed: today's migrations produce, for every step a release
// recorded, exactly the statements it recorded, on every engine, and in
// the same order per plugin. New migrations come after them.
func TestReleasedMigrationsUnchanged(t *testing.T) {
	for _, old := range releases(t) {
		now := baselineOf("now", planFor(t, old.dialect))
		steps := map[string][]statement{}
		order := map[string][]string{}
		for _, s := range now.steps {
			steps[s.plugin+"/"+s.id] = s.statements
			order[s.plugin] = append(order[s.plugin], s.id)
		}
		if !reflect.DeepEqual(now.setup, old.setup) {
			t.Errorf("%s on %v: setup = %+v, released %+v", old.release, old.dialect, now.setup, old.setup)
		}
		seen := map[string]int{}
		for _, s := range old.steps {
			key := s.plugin + "/" + s.id
			got, ok := steps[key]
			if !ok {
				t.Errorf("%s on %v: released migration %s is gone", old.release, old.dialect, key)
				continue
			}
			if !reflect.DeepEqual(got, s.statements) {
				t.Errorf("%s on %v: migration %s now runs\n%+v\nbut released\n%+v", old.release, old.dialect, key, got, s.statements)
			}
			if i := seen[s.plugin]; i >= len(order[s.plugin]) || order[s.plugin][i] != s.id {
				t.Errorf("%s on %v: migration %s is no longer number %d of %s", old.release, old.dialect, key, i+1, s.plugin)
			}
			seen[s.plugin]++
		}
	}
}
