package sqlb

import (
	"fmt"
	"strings"
)

// builder accumulates one statement's SQL and arguments for one dialect.
// The first error sticks; later writes are ignored.
type builder struct {
	sb   strings.Builder
	args []any
	d    *Dialect
	cfg  *config
	err  error
	// argsOnly collects the arguments without writing SQL, for a keyed
	// statement whose SQL is already known (SelectStmt.Key).
	argsOnly bool
	// prepared renders a Query: its values are parameters (param), in
	// order, and a bound value is an error.
	prepared bool
	order    []int
	accepts  []func(any) bool
}

func newBuilder(cfg *config) *builder {
	return &builder{d: cfg.dialect, cfg: cfg}
}

func (b *builder) write(s string) {
	if !b.argsOnly {
		b.sb.WriteString(s)
	}
}

func (b *builder) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("sqlb: "+format, args...)
	}
}

// tableName writes t's real name, quoted.
func (b *builder) tableName(t *Table) {
	if !b.argsOnly {
		b.write(b.d.Quote(b.realName(t)))
	}
}

func (b *builder) realName(t *Table) string {
	name := b.cfg.tableName(t.name)
	if !ValidIdent(name) {
		b.fail("table %s renamed to invalid identifier %q", t.name, name)
	}
	return name
}

// column writes c qualified by its table's real name.
func (b *builder) column(c *colDef) {
	if b.argsOnly {
		return
	}
	b.tableName(c.table)
	b.write(".")
	b.write(b.d.Quote(c.name))
}

// bare writes c's name alone, as INSERT lists and SET targets need.
func (b *builder) bare(c *colDef) {
	if !b.argsOnly {
		b.write(b.d.Quote(c.name))
	}
}

// arg binds v as the next parameter.
func (b *builder) arg(v any) {
	if b.prepared {
		b.fail("a prepared query binds values only through Param")
		return
	}
	bound, err := b.d.encode(v)
	if err != nil {
		b.fail("%v", err)
		return
	}
	b.args = append(b.args, bound)
	if !b.argsOnly {
		b.write(b.d.Placeholder(len(b.args)))
	}
}

// param writes the placeholder of a Query's i-th parameter, whose values
// are those accepts holds.
func (b *builder) param(i int, accepts func(any) bool) {
	if !b.prepared {
		b.fail("Param outside a prepared query")
		return
	}
	if i < 0 {
		b.fail("parameter %d", i)
		return
	}
	for len(b.accepts) <= i {
		b.accepts = append(b.accepts, nil)
	}
	b.accepts[i] = accepts
	b.order = append(b.order, i)
	b.write(b.d.Placeholder(len(b.order)))
}

// list writes n items separated by commas.
func (b *builder) list(n int, item func(i int)) {
	for i := 0; i < n; i++ {
		if i > 0 {
			b.write(", ")
		}
		item(i)
	}
}

func (b *builder) result() (string, []any, error) {
	if b.err != nil {
		return "", nil, b.err
	}
	return b.sb.String(), b.args, nil
}

// renderer is anything that writes itself into a statement.
type renderer interface {
	render(b *builder)
}

// Statement is a data statement that [DB.Exec] runs: INSERT, UPDATE,
// DELETE, or a SELECT through [DB.One] and [DB.All].
type Statement interface {
	renderer
	statement()
}
