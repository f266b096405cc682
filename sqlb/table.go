package sqlb

import (
	"database/sql"
	"fmt"
)

// Table is a declared table. Its name is the logical name; [WithTableNames]
// maps it to the real name when a statement is rendered.
type Table struct {
	name    string
	columns []*colDef
	primary []*colDef
	indexes []*Index
}

// NewTable declares a table. It panics when name is not a valid identifier,
// since declarations are fixed at compile time.
func NewTable(name string) *Table {
	if !ValidIdent(name) {
		panic(fmt.Sprintf("sqlb: invalid table name %q", name))
	}
	return &Table{name: name}
}

// Name returns the table's logical name.
func (t *Table) Name() string { return t.name }

// Columns returns the columns of the table's CREATE TABLE, in order.
func (t *Table) Columns() []AnyColumn {
	out := make([]AnyColumn, len(t.columns))
	for i, c := range t.columns {
		out[i] = c
	}
	return out
}

// PrimaryKey sets the table's primary key. It panics if a column belongs to
// another table.
func (t *Table) PrimaryKey(cols ...AnyColumn) {
	t.primary = t.own(cols)
}

// Unique declares a unique index over cols and returns it.
func (t *Table) Unique(cols ...AnyColumn) *Index {
	ix := &Index{table: t, columns: t.own(cols), unique: true}
	t.indexes = append(t.indexes, ix)
	return ix
}

// Index declares an ordinary index over cols and returns it.
func (t *Table) Index(cols ...AnyColumn) *Index {
	ix := &Index{table: t, columns: t.own(cols)}
	t.indexes = append(t.indexes, ix)
	return ix
}

// AddedIndex declares an ordinary index over cols that a later migration
// creates with [CreateIndex]; like an [AddedColumn], it is not part of the
// table's CREATE TABLE, so it may cover added columns.
func (t *Table) AddedIndex(cols ...AnyColumn) *Index {
	return &Index{table: t, columns: t.own(cols)}
}

// Indexes returns the table's declared indexes.
func (t *Table) Indexes() []*Index { return append([]*Index(nil), t.indexes...) }

func (t *Table) own(cols []AnyColumn) []*colDef {
	if len(cols) == 0 {
		panic("sqlb: " + t.name + ": a key needs at least one column")
	}
	out := make([]*colDef, len(cols))
	for i, c := range cols {
		d := c.def()
		if d.table != t {
			panic(fmt.Sprintf("sqlb: column %s.%s is not in table %s", d.table.name, d.name, t.name))
		}
		out[i] = d
	}
	return out
}

// Index is a unique or ordinary index of a table. Its name is derived from
// the table's real name and its columns when rendered.
type Index struct {
	table   *Table
	columns []*colDef
	unique  bool
}

// Unique reports whether the index is unique.
func (ix *Index) Unique() bool { return ix.unique }

// OnDelete is a foreign key's rule when the referenced row is deleted.
type OnDelete uint8

// The on-delete rules.
const (
	// Restrict refuses to delete a referenced row.
	Restrict OnDelete = iota
	// Cascade deletes the referencing rows too.
	Cascade
	// SetNull sets the referencing column to NULL.
	SetNull
)

func (o OnDelete) sql() string {
	switch o {
	case Cascade:
		return "CASCADE"
	case SetNull:
		return "SET NULL"
	}
	return "RESTRICT"
}

// colDef is everything about a column but its Go type.
type colDef struct {
	table     *Table
	name      string
	typ       Type
	nullable  bool
	dflt      *literal
	overrides map[*Dialect]string
	refs      *colDef
	onDelete  OnDelete
}

// AnyColumn is a column of any Go type: what keys, indexes and ORDER BY take.
type AnyColumn interface {
	// Table returns the table the column belongs to.
	Table() *Table
	// Name returns the column's name.
	Name() string
	// Type returns the column's storage type.
	Type() Type
	def() *colDef
}

// Column is a column whose values are of Go type T. T is one of string,
// int64, int, float64, bool, time.Time, []byte, a [database/sql.Null] of one
// of those, or a type implementing [database/sql.Scanner] and
// [database/sql/driver.Valuer].
type Column[T any] struct {
	d *colDef
}

// NewColumn declares a column of t that is part of the table's CREATE TABLE.
// It panics on an invalid name or a name the table already has.
func NewColumn[T any](t *Table, name string, typ Type, opts ...ColumnOption) Column[T] {
	c := AddedColumn[T](t, name, typ, opts...)
	for _, o := range t.columns {
		if o.name == name {
			panic(fmt.Sprintf("sqlb: table %s declares column %s twice", t.name, name))
		}
	}
	t.columns = append(t.columns, c.d)
	return c
}

// AddedColumn declares a column of t that a later migration adds with
// [AddColumn]; it is not part of the table's CREATE TABLE. Plugins use it
// to extend a table they do not own.
func AddedColumn[T any](t *Table, name string, typ Type, opts ...ColumnOption) Column[T] {
	if !ValidIdent(name) {
		panic(fmt.Sprintf("sqlb: invalid column name %q", name))
	}
	if typ.Kind == 0 || typ.Kind > KindBytes || (typ.Kind == KindString && typ.Size <= 0) {
		panic(fmt.Sprintf("sqlb: column %s.%s: invalid type %+v", t.name, name, typ))
	}
	d := &colDef{table: t, name: name, typ: typ}
	for _, o := range opts {
		o(d)
	}
	return Column[T]{d: d}
}

// Table returns the column's table.
func (c Column[T]) Table() *Table { return c.d.table }

// Name returns the column's name.
func (c Column[T]) Name() string { return c.d.name }

// Type returns the column's storage type.
func (c Column[T]) Type() Type { return c.d.typ }

func (c Column[T]) def() *colDef { return c.d }

// ColumnOption configures a column declaration.
type ColumnOption func(*colDef)

// Nullable lets the column hold NULL. Columns are NOT NULL by default.
func Nullable() ColumnOption { return func(d *colDef) { d.nullable = true } }

// Default sets a constant default, which [AddColumn] needs for a NOT NULL
// column. v must be an int64, int, bool or the empty string.
func Default(v any) ColumnOption {
	l, ok := newLiteral(v)
	if !ok {
		panic(fmt.Sprintf("sqlb: unsupported default %#v", v))
	}
	return func(d *colDef) { d.dflt = &l }
}

// Override replaces the column's SQL type on one dialect, such as "UUID" on
// [Postgres]. The override is written into DDL as given.
func Override(d *Dialect, sqlType string) ColumnOption {
	return func(c *colDef) {
		if c.overrides == nil {
			c.overrides = map[*Dialect]string{}
		}
		c.overrides[d] = sqlType
	}
}

// References makes the column a foreign key to target with the given
// on-delete rule.
func References(target AnyColumn, rule OnDelete) ColumnOption {
	return func(d *colDef) {
		d.refs = target.def()
		d.onDelete = rule
	}
}

// colDef is also the untyped view of a column that [Table.Columns] returns.
func (d *colDef) Table() *Table { return d.table }
func (d *colDef) Name() string  { return d.name }
func (d *colDef) Type() Type    { return d.typ }
func (d *colDef) def() *colDef  { return d }

// OrNull views c as nullable, for the columns of a LEFT JOIN's table:
// sqlb.OrNull(c).Into(&v) scans into a [database/sql.Null].
func OrNull[T any](c Column[T]) Column[sql.Null[T]] { return Column[sql.Null[T]](c) }
