package schema

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// coveredColumn is one row of a "Covered columns" table of the docs.
type coveredColumn struct {
	doc, table, column, kind string
}

var coveredRow = regexp.MustCompile("^\\| `(\\w+)\\.(\\w+)` \\| ([^|]+) \\|")

// covered reads the "Covered columns" sections of docs/schema.md and of
// every plugin's page, and reports the plugin pages that lack one.
func covered(t *testing.T) (cols []coveredColumn, missing []string) {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join("..", "..", "docs", "plugins", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no plugin docs (%v)", err)
	}
	for _, doc := range append(docs, filepath.Join("..", "..", "docs", "schema.md")) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		in, found := false, false
		for _, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(line, "#") {
				in = strings.TrimSpace(strings.TrimLeft(line, "#")) == "Covered columns"
				found = found || in
				continue
			}
			if m := coveredRow.FindStringSubmatch(line); in && m != nil {
				cols = append(cols, coveredColumn{filepath.Base(doc), m[1], m[2], strings.TrimSpace(m[3])})
			}
		}
		if !found {
			missing = append(missing, doc)
		}
	}
	return cols, missing
}

// kindType turns a documented kind ("string(64), NULL") into the declared
// type and nullability it stands for.
func kindType(t *testing.T, kind string) (sqlb.Type, bool) {
	t.Helper()
	k, null := strings.CutSuffix(kind, ", NULL")
	name, size, _ := strings.Cut(strings.TrimSuffix(k, ")"), "(")
	n := 0
	if size != "" {
		var err error
		if n, err = strconv.Atoi(size); err != nil {
			t.Fatalf("kind %q: %v", kind, err)
		}
	}
	switch name {
	case "id":
		return sqlb.String(36).Labeled("id"), null
	case "string":
		return sqlb.String(n), null
	case "text":
		return sqlb.Text(), null
	case "time":
		return sqlb.Time(), null
	case "bool":
		return sqlb.Bool(), null
	case "int":
		return sqlb.Int(), null
	case "float":
		return sqlb.Float(), null
	case "bytes":
		return sqlb.Bytes(n), null
	}
	t.Fatalf("unknown kind %q", kind)
	return sqlb.Type{}, false
}

// TestCoveredColumnsDocumented holds the docs to the schema: every plugin
// page has a "Covered columns" section; every covered column is declared
// on every engine with the kind and nullability its row states; and
// every declared table is named in docs/schema.md.
func TestCoveredColumnsDocumented(t *testing.T) {
	cols, missing := covered(t)
	for _, doc := range missing {
		t.Errorf("%s has no \"Covered columns\" section", doc)
	}
	if len(cols) < 40 {
		t.Fatalf("found %d covered columns in the docs, want the core's and the plugins' (40 or more)", len(cols))
	}
	schemaDoc, err := os.ReadFile(filepath.Join("..", "..", "docs", "schema.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sqlb.Dialects() {
		declared, err := offline(t, d).a.DeclaredSchema(t.Context(), d)
		if err != nil {
			t.Fatalf("DeclaredSchema(%v): %v", d, err)
		}
		for _, c := range cols {
			ts, ok := declared.Tables[c.table]
			if !ok {
				t.Errorf("%s: covered table %s is not declared on %v", c.doc, c.table, d)
				continue
			}
			col, ok := ts.Column(c.column)
			if !ok {
				t.Errorf("%s: covered column %s.%s is not declared on %v", c.doc, c.table, c.column, d)
				continue
			}
			typ, null := kindType(t, c.kind)
			if want := d.ColumnType(typ); !sqlb.SameType(d, col.Type, want) || col.Nullable != null {
				t.Errorf("%s: %s.%s on %v is %s (nullable %v), but the doc says %s: %s (nullable %v)",
					c.doc, c.table, c.column, d, col.Type, col.Nullable, c.kind, want, null)
			}
		}
		for _, name := range declared.TableNames() {
			if !strings.Contains(string(schemaDoc), "`"+name+"`") {
				t.Errorf("docs/schema.md does not name table %s", name)
			}
		}
	}
}
