package sqlb

// Assignment is column = expression, for INSERT rows and UPDATE SET lists.
// Make one with [Column.Set] or [Column.SetTo].
type Assignment struct {
	col  *colDef
	expr renderer
}

// Set assigns the value v to c.
func (c Column[T]) Set(v T) Assignment { return Assignment{c.d, value[T]{v}} }

// SetTo assigns the expression e to c.
func (c Column[T]) SetTo(e Expr[T]) Assignment { return Assignment{c.d, e} }

// InsertStmt is an INSERT of one or more rows, optionally an upsert.
type InsertStmt struct {
	table    *Table
	rows     [][]Assignment
	conflict []*colDef
	update   []Assignment
	ignore   bool
}

// Insert starts an INSERT into t. Add rows with [InsertStmt.Row].
func Insert(t *Table) *InsertStmt { return &InsertStmt{table: t} }

// Row adds a row. Every row must assign the same columns in the same order.
func (s *InsertStmt) Row(values ...Assignment) *InsertStmt {
	s.rows = append(s.rows, values)
	return s
}

// OnConflictUpdate turns the insert into an upsert: when a row collides
// with an existing one on the unique key made of cols, the existing row gets
// the assignments instead. On MySQL the conflict columns are implied by the
// unique key that collides (ON DUPLICATE KEY UPDATE), so the table should
// have no other unique key the rows could collide on. MySQL then counts an
// updated row as 2 affected rows and an unchanged one as 0.
func (s *InsertStmt) OnConflictUpdate(cols []AnyColumn, set ...Assignment) *InsertStmt {
	s.conflict = s.table.own(cols)
	s.update = set
	return s
}

// OnConflictDoNothing skips rows that collide with an existing row on the
// unique key made of cols. Skipped rows count as not affected.
func (s *InsertStmt) OnConflictDoNothing(cols ...AnyColumn) *InsertStmt {
	s.conflict = s.table.own(cols)
	s.ignore = true
	return s
}

func (s *InsertStmt) statement() {}

func (s *InsertStmt) render(b *builder) {
	if len(s.rows) == 0 || len(s.rows[0]) == 0 {
		b.fail("insert into %s has no values", s.table.name)
		return
	}
	first := s.rows[0]
	for _, row := range s.rows {
		if len(row) != len(first) {
			b.fail("insert into %s: rows assign different columns", s.table.name)
			return
		}
		for i, a := range row {
			if a.col != first[i].col {
				b.fail("insert into %s: rows assign different columns", s.table.name)
				return
			}
			if a.col.table != s.table {
				b.fail("insert into %s: column %s.%s is not in the table", s.table.name, a.col.table.name, a.col.name)
				return
			}
		}
	}
	b.write("INSERT INTO ")
	b.tableName(s.table)
	b.write(" (")
	b.list(len(first), func(i int) { b.bare(first[i].col) })
	b.write(") VALUES ")
	b.list(len(s.rows), func(r int) {
		b.write("(")
		b.list(len(s.rows[r]), func(i int) { s.rows[r][i].expr.render(b) })
		b.write(")")
	})
	switch {
	case len(s.conflict) == 0:
	case b.d == MySQL && s.ignore:
		b.write(" ON DUPLICATE KEY UPDATE ")
		b.bare(s.conflict[0])
		b.write(" = ")
		b.bare(s.conflict[0])
	case b.d == MySQL:
		b.write(" ON DUPLICATE KEY UPDATE ")
		s.renderSet(b)
	default:
		b.write(" ON CONFLICT (")
		b.list(len(s.conflict), func(i int) { b.bare(s.conflict[i]) })
		if s.ignore {
			b.write(") DO NOTHING")
			return
		}
		b.write(") DO UPDATE SET ")
		s.renderSet(b)
	}
}

func (s *InsertStmt) renderSet(b *builder) {
	if len(s.update) == 0 {
		b.fail("upsert into %s has nothing to update", s.table.name)
		return
	}
	renderAssignments(b, s.table, s.update)
}

func renderAssignments(b *builder, t *Table, set []Assignment) {
	b.list(len(set), func(i int) {
		if set[i].col.table != t {
			b.fail("column %s.%s is not in table %s", set[i].col.table.name, set[i].col.name, t.name)
		}
		b.bare(set[i].col)
		b.write(" = ")
		set[i].expr.render(b)
	})
}

// UpdateStmt is an UPDATE of one table.
type UpdateStmt struct {
	table *Table
	set   []Assignment
	where Cond
	all   bool
}

// Update starts an UPDATE of t. It needs a [UpdateStmt.Where] or an
// explicit [UpdateStmt.All] to render.
func Update(t *Table) *UpdateStmt { return &UpdateStmt{table: t} }

// Set adds assignments.
func (s *UpdateStmt) Set(set ...Assignment) *UpdateStmt {
	s.set = append(s.set, set...)
	return s
}

// Where sets the filter; calling it again replaces the previous one.
func (s *UpdateStmt) Where(c Cond) *UpdateStmt { s.where = c; return s }

// All confirms that the update is meant for every row.
func (s *UpdateStmt) All() *UpdateStmt { s.all = true; return s }

func (s *UpdateStmt) statement() {}

func (s *UpdateStmt) render(b *builder) {
	if len(s.set) == 0 {
		b.fail("update of %s sets nothing", s.table.name)
		return
	}
	b.write("UPDATE ")
	b.tableName(s.table)
	b.write(" SET ")
	renderAssignments(b, s.table, s.set)
	renderFilter(b, s.table, s.where, s.all)
}

// DeleteStmt is a DELETE from one table.
type DeleteStmt struct {
	table *Table
	where Cond
	all   bool
}

// Delete starts a DELETE from t. It needs a [DeleteStmt.Where] or an
// explicit [DeleteStmt.All] to render.
func Delete(t *Table) *DeleteStmt { return &DeleteStmt{table: t} }

// Where sets the filter; calling it again replaces the previous one.
func (s *DeleteStmt) Where(c Cond) *DeleteStmt { s.where = c; return s }

// All confirms that every row is to be deleted.
func (s *DeleteStmt) All() *DeleteStmt { s.all = true; return s }

func (s *DeleteStmt) statement() {}

func (s *DeleteStmt) render(b *builder) {
	b.write("DELETE FROM ")
	b.tableName(s.table)
	renderFilter(b, s.table, s.where, s.all)
}

func renderFilter(b *builder, t *Table, where Cond, all bool) {
	switch {
	case where != nil:
		b.write(" WHERE ")
		where.render(b)
	case !all:
		b.fail("%s without WHERE on %s: call All to mean every row", "statement", t.name)
	}
}
