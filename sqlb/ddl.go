package sqlb

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// DDL is a schema change that [DB.Apply] runs. One change may take several
// statements on some engines (an index after its table, say).
type DDL interface {
	statements(b *ddlBuilder) []string
	model(b *ddlBuilder, s *Schema)
}

type ddlBuilder struct {
	*builder
}

// colType resolves a column's SQL type: a column override first, then the
// label mapping of [WithType], then the dialect's default.
func (b *ddlBuilder) colType(c *colDef) string {
	if s, ok := c.overrides[b.d]; ok {
		return s
	}
	if s, ok := b.cfg.types[typeKey{c.typ.Label, b.d}]; ok && c.typ.Label != "" {
		return s
	}
	return b.d.ColumnType(c.typ)
}

// columnSpec is "name type [NOT NULL] [DEFAULT x]".
func (b *ddlBuilder) columnSpec(c *colDef) string {
	s := b.d.Quote(c.name) + " " + b.colType(c)
	if !c.nullable {
		s += " NOT NULL"
	}
	if c.dflt != nil {
		if b.d == MySQL && (c.typ.Kind == KindText || (c.typ.Kind == KindBytes && c.typ.Size == 0)) {
			b.fail("column %s.%s: MySQL cannot give an unbounded column a default", c.table.name, c.name)
		}
		s += " DEFAULT " + c.dflt.render(b.d, c.typ)
	}
	return s
}

func (b *ddlBuilder) names(cols []*colDef) string {
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = b.d.Quote(c.name)
	}
	return strings.Join(q, ", ")
}

func (b *ddlBuilder) foreignKey(c *colDef) string {
	return "REFERENCES " + b.d.Quote(b.realName(c.refs.table)) + " (" + b.d.Quote(c.refs.name) + ") ON DELETE " + c.onDelete.sql()
}

// indexName derives a name from the real table name and the columns,
// shortened with a hash when it would pass the identifier limit.
func (b *ddlBuilder) indexName(ix *Index) string {
	parts := []string{b.realName(ix.table)}
	for _, c := range ix.columns {
		parts = append(parts, c.name)
	}
	suffix := "_idx"
	if ix.unique {
		suffix = "_key"
	}
	name := strings.Join(parts, "_") + suffix
	if len(name) > maxIdent {
		h := fnv.New32a()
		h.Write([]byte(name))
		name = fmt.Sprintf("%s_%08x%s", name[:maxIdent-9-len(suffix)], h.Sum32(), suffix)
	}
	return name
}

type createTable struct{ t *Table }

// CreateTable creates t with its columns, primary key, foreign keys and
// indexes, unless it exists.
func CreateTable(t *Table) DDL { return createTable{t} }

func (c createTable) statements(b *ddlBuilder) []string {
	t := c.t
	if len(t.columns) == 0 {
		b.fail("table %s has no columns", t.name)
		return nil
	}
	var parts []string
	for _, col := range t.columns {
		parts = append(parts, b.columnSpec(col))
	}
	if len(t.primary) > 0 {
		parts = append(parts, "PRIMARY KEY ("+b.names(t.primary)+")")
	}
	for _, col := range t.columns {
		if col.refs != nil {
			parts = append(parts, "FOREIGN KEY ("+b.d.Quote(col.name)+") "+b.foreignKey(col))
		}
	}
	var after []string
	for _, ix := range t.indexes {
		if b.d == MySQL { // MySQL has no CREATE INDEX IF NOT EXISTS: declare inline
			kind := "KEY "
			if ix.unique {
				kind = "UNIQUE KEY "
			}
			parts = append(parts, kind+b.d.Quote(b.indexName(ix))+" ("+b.names(ix.columns)+")")
			continue
		}
		after = append(after, createIndex{ix, true}.statements(b)...)
	}
	sql := "CREATE TABLE IF NOT EXISTS " + b.d.Quote(b.realName(t)) + " (" + strings.Join(parts, ", ") + ")"
	if b.d == MySQL {
		sql += " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"
	}
	return append([]string{sql}, after...)
}

type createIndex struct {
	ix          *Index
	ifNotExists bool
}

// CreateIndex creates an index declared after its table was created. On
// MySQL, which lacks IF NOT EXISTS here, it fails when the index exists:
// run it from a versioned migration.
func CreateIndex(ix *Index) DDL { return createIndex{ix: ix} }

func (c createIndex) statements(b *ddlBuilder) []string {
	sql := "CREATE "
	if c.ix.unique {
		sql += "UNIQUE "
	}
	sql += "INDEX "
	if b.d != MySQL {
		sql += "IF NOT EXISTS "
	}
	sql += b.d.Quote(b.indexName(c.ix)) + " ON " + b.d.Quote(b.realName(c.ix.table)) + " (" + b.names(c.ix.columns) + ")"
	return []string{sql}
}

type addColumn struct{ c *colDef }

// AddColumn adds a column declared with [AddedColumn] to its existing
// table. A NOT NULL column needs a [Default].
func AddColumn(c AnyColumn) DDL { return addColumn{c.def()} }

func (a addColumn) statements(b *ddlBuilder) []string {
	c := a.c
	if !c.nullable && c.dflt == nil {
		b.fail("column %s.%s: adding a NOT NULL column needs a default", c.table.name, c.name)
		return nil
	}
	sql := "ALTER TABLE " + b.d.Quote(b.realName(c.table)) + " ADD COLUMN " + b.columnSpec(c)
	if c.refs != nil {
		if b.d == MySQL {
			sql += ", ADD FOREIGN KEY (" + b.d.Quote(c.name) + ") " + b.foreignKey(c)
		} else {
			sql += " " + b.foreignKey(c)
		}
	}
	return []string{sql}
}

type dropTable struct{ t *Table }

// DropTable drops t if it exists.
func DropTable(t *Table) DDL { return dropTable{t} }

func (d dropTable) statements(b *ddlBuilder) []string {
	return []string{"DROP TABLE IF EXISTS " + b.d.Quote(b.realName(d.t))}
}
