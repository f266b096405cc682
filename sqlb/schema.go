package sqlb

import (
	"sort"
	"strings"
)

// Schema describes tables as an engine holds them, under their real names:
// what [Inspect] reads from a live database, and what a dry run of schema
// changes ([NewDryRun]) says they leave behind.
type Schema struct {
	// Tables maps each real table name to its description.
	Tables map[string]*TableSchema
}

// TableSchema is one table of a [Schema].
type TableSchema struct {
	Name    string
	Columns []ColumnSchema
	// PrimaryKey lists the primary key's columns in order; empty for none.
	PrimaryKey []string
	// Indexes are the table's indexes, other than its primary key.
	Indexes []IndexSchema
}

// ColumnSchema is one column of a [TableSchema]. Type is the SQL type as
// the engine spells it; compare types with [SameType].
type ColumnSchema struct {
	Name     string
	Type     string
	Nullable bool
}

// IndexSchema is one index of a [TableSchema]. Indexes are compared by
// their columns and uniqueness, not by name.
type IndexSchema struct {
	Name    string
	Columns []string
	Unique  bool
	// Implied marks an index the engine makes for itself, such as the one
	// MySQL creates for a foreign key that no index covers.
	Implied bool
}

func newSchema() *Schema { return &Schema{Tables: map[string]*TableSchema{}} }

// TableNames returns the schema's table names, sorted.
func (s *Schema) TableNames() []string {
	names := make([]string, 0, len(s.Tables))
	for n := range s.Tables {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Column returns the named column, or false when the table has none.
func (t *TableSchema) Column(name string) (ColumnSchema, bool) {
	for _, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return ColumnSchema{}, false
}

// key is how an index is matched: its uniqueness and its columns.
func (ix IndexSchema) key() string {
	k := "index (" + strings.Join(ix.Columns, ", ") + ")"
	if ix.Unique {
		k = "unique " + k
	}
	return strings.ToLower(k)
}

// String describes the index by its uniqueness and columns.
func (ix IndexSchema) String() string { return ix.key() }

func (c createTable) model(b *ddlBuilder, s *Schema) {
	name := b.realName(c.t)
	if _, ok := s.Tables[name]; ok { // IF NOT EXISTS
		return
	}
	ts := &TableSchema{Name: name}
	for _, col := range c.t.columns {
		ts.Columns = append(ts.Columns, ColumnSchema{Name: col.name, Type: b.colType(col), Nullable: col.nullable})
	}
	for _, col := range c.t.primary {
		ts.PrimaryKey = append(ts.PrimaryKey, col.name)
	}
	for _, ix := range c.t.indexes {
		addIndex(ts, b.indexName(ix), ix)
	}
	s.Tables[name] = ts
	for _, col := range c.t.columns {
		if col.refs != nil {
			implyForeignKeyIndex(b, ts, col.name)
		}
	}
}

func (c createIndex) model(b *ddlBuilder, s *Schema) {
	if ts, ok := s.Tables[b.realName(c.ix.table)]; ok {
		addIndex(ts, b.indexName(c.ix), c.ix)
	}
}

func (a addColumn) model(b *ddlBuilder, s *Schema) {
	ts, ok := s.Tables[b.realName(a.c.table)]
	if !ok {
		return
	}
	ts.Columns = append(ts.Columns, ColumnSchema{Name: a.c.name, Type: b.colType(a.c), Nullable: a.c.nullable})
	if a.c.refs != nil {
		implyForeignKeyIndex(b, ts, a.c.name)
	}
}

func (d dropTable) model(b *ddlBuilder, s *Schema) { delete(s.Tables, b.realName(d.t)) }

func addIndex(ts *TableSchema, name string, ix *Index) {
	cols := make([]string, len(ix.columns))
	for i, c := range ix.columns {
		cols[i] = c.name
	}
	is := IndexSchema{Name: name, Columns: cols, Unique: ix.unique}
	// MySQL drops the index it made for a foreign key once another index
	// can serve it.
	for i, old := range ts.Indexes {
		if old.Implied && strings.EqualFold(old.Columns[0], cols[0]) {
			ts.Indexes = append(ts.Indexes[:i], ts.Indexes[i+1:]...)
			break
		}
	}
	ts.Indexes = append(ts.Indexes, is)
}

// implyForeignKeyIndex records the index MySQL makes for a foreign key
// column that no index or primary key starts with.
func implyForeignKeyIndex(b *ddlBuilder, ts *TableSchema, col string) {
	if b.d != MySQL {
		return
	}
	if len(ts.PrimaryKey) > 0 && strings.EqualFold(ts.PrimaryKey[0], col) {
		return
	}
	for _, ix := range ts.Indexes {
		if strings.EqualFold(ix.Columns[0], col) {
			return
		}
	}
	ts.Indexes = append(ts.Indexes, IndexSchema{Name: col, Columns: []string{col}, Implied: true})
}
