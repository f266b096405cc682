package sqlb

// Selection is one item of a SELECT list together with where its value is
// scanned. Make one with [Column.Into] or [Into].
type Selection struct {
	expr renderer
	dst  any
}

// Into selects c and scans it into dst.
func (c Column[T]) Into(dst *T) Selection { return Selection{c, dst} }

// Into selects e and scans it into dst.
func Into[T any](e Expr[T], dst *T) Selection { return Selection{e, dst} }

// Order is one ORDER BY item.
type Order struct {
	expr renderer
	desc bool
}

// Asc orders by c ascending.
func (c Column[T]) Asc() Order { return Order{expr: c} }

// Desc orders by c descending.
func (c Column[T]) Desc() Order { return Order{expr: c, desc: true} }

type join struct {
	left  bool
	table *Table
	on    Cond
}

// SelectStmt is a SELECT statement. Build it with [Select]; each method
// returns the statement for chaining.
type SelectStmt struct {
	items     []Selection
	from      *Table
	joins     []join
	where     Cond
	order     []Order
	limit     int
	offset    int
	forUpdate bool
	key       string
}

// Select starts a SELECT of items.
func Select(items ...Selection) *SelectStmt { return &SelectStmt{items: items} }

// From sets the table rows come from.
func (s *SelectStmt) From(t *Table) *SelectStmt { s.from = t; return s }

// Join adds an INNER JOIN of t on the condition.
func (s *SelectStmt) Join(t *Table, on Cond) *SelectStmt {
	s.joins = append(s.joins, join{table: t, on: on})
	return s
}

// LeftJoin adds a LEFT JOIN of t on the condition. Scan the joined
// columns into [database/sql.Null] values.
func (s *SelectStmt) LeftJoin(t *Table, on Cond) *SelectStmt {
	s.joins = append(s.joins, join{left: true, table: t, on: on})
	return s
}

// Where sets the filter; calling it again replaces the previous one.
func (s *SelectStmt) Where(c Cond) *SelectStmt { s.where = c; return s }

// OrderBy sets the order of the rows.
func (s *SelectStmt) OrderBy(o ...Order) *SelectStmt { s.order = o; return s }

// Limit returns at most n rows; n <= 0 means no limit.
func (s *SelectStmt) Limit(n int) *SelectStmt { s.limit = n; return s }

// Offset skips the first n rows.
func (s *SelectStmt) Offset(n int) *SelectStmt { s.offset = n; return s }

// ForUpdate locks the selected rows until the transaction ends
// (SELECT ... FOR UPDATE). SQLite has no row locks: the clause is omitted
// there, where the write transaction holds the database lock.
func (s *SelectStmt) ForUpdate() *SelectStmt { s.forUpdate = true; return s }

// Key names the statement's shape for a hot path: the first run renders
// its SQL and later runs of a statement with the same key reuse it,
// collecting only the arguments. Give one key only to statements built by
// the same code, differing in values alone; a key reused with another
// number of arguments fails instead of running the wrong SQL.
func (s *SelectStmt) Key(key string) *SelectStmt { s.key = key; return s }

func (s *SelectStmt) statement()       {}
func (s *SelectStmt) shapeKey() string { return s.key }

func (s *SelectStmt) render(b *builder) {
	if len(s.items) == 0 {
		b.fail("select has no columns")
		return
	}
	if s.from == nil {
		b.fail("select has no FROM table")
		return
	}
	b.write("SELECT ")
	b.list(len(s.items), func(i int) { s.items[i].expr.render(b) })
	b.write(" FROM ")
	b.tableName(s.from)
	for _, j := range s.joins {
		if j.left {
			b.write(" LEFT JOIN ")
		} else {
			b.write(" JOIN ")
		}
		b.tableName(j.table)
		b.write(" ON ")
		renderCond(b, j.on)
	}
	if s.where != nil {
		b.write(" WHERE ")
		s.where.render(b)
	}
	if len(s.order) > 0 {
		b.write(" ORDER BY ")
		b.list(len(s.order), func(i int) {
			s.order[i].expr.render(b)
			if s.order[i].desc {
				b.write(" DESC")
			}
		})
	}
	if s.limit > 0 || s.offset > 0 {
		limit := s.limit
		if limit <= 0 {
			limit = 1<<63 - 1 // every engine needs a LIMIT before OFFSET
		}
		b.write(" LIMIT ")
		b.arg(int64(limit))
		if s.offset > 0 {
			b.write(" OFFSET ")
			b.arg(int64(s.offset))
		}
	}
	if s.forUpdate && b.d != SQLite {
		b.write(" FOR UPDATE")
	}
}

func renderCond(b *builder, c Cond) {
	if c == nil {
		b.fail("missing condition")
		return
	}
	c.render(b)
}
