package sqlb

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Inspect reads the tables of the database q is connected to (the current
// schema on PostgreSQL, the current database on MySQL) with their
// columns, primary keys and indexes, from the engine's catalog: sqlite_master
// and its pragmas, pg_catalog, or information_schema. When keep is not nil,
// only the tables it keeps are read beyond their names.
func Inspect(ctx context.Context, q Querier, d *Dialect, keep func(table string) bool) (*Schema, error) {
	in, ok := inspectors[d]
	if !ok {
		return nil, fmt.Errorf("sqlb: inspect: unknown dialect %v", d)
	}
	s := newSchema()
	names, err := strings1(ctx, q, in.tables)
	if err != nil {
		return nil, fmt.Errorf("sqlb: inspect: %w", err)
	}
	for _, name := range names {
		if keep != nil && !keep(name) {
			continue
		}
		t := &TableSchema{Name: name}
		if err := in.columns(ctx, q, t); err != nil {
			return nil, fmt.Errorf("sqlb: inspect %s: %w", name, err)
		}
		if err := in.indexes(ctx, q, t); err != nil {
			return nil, fmt.Errorf("sqlb: inspect %s: %w", name, err)
		}
		s.Tables[name] = t
	}
	return s, nil
}

type inspector struct {
	tables  string
	columns func(ctx context.Context, q Querier, t *TableSchema) error
	indexes func(ctx context.Context, q Querier, t *TableSchema) error
}

var inspectors = map[*Dialect]inspector{
	SQLite: {
		tables:  `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`,
		columns: sqliteColumns,
		indexes: sqliteIndexes,
	},
	Postgres: {
		tables:  `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
		columns: postgresColumns,
		indexes: postgresIndexes,
	},
	MySQL: {
		tables:  `SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME`,
		columns: mysqlColumns,
		indexes: mysqlIndexes,
	},
}

func sqliteColumns(ctx context.Context, q Querier, t *TableSchema) error {
	pk := map[int64]string{}
	err := each(ctx, q, `SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`, []any{t.Name}, func(r *sql.Rows) error {
		var c ColumnSchema
		var notNull, pos int64
		if err := r.Scan(&c.Name, &c.Type, &notNull, &pos); err != nil {
			return err
		}
		c.Nullable = notNull == 0
		t.Columns = append(t.Columns, c)
		if pos > 0 {
			pk[pos] = c.Name
		}
		return nil
	})
	for i := int64(1); i <= int64(len(pk)); i++ {
		t.PrimaryKey = append(t.PrimaryKey, pk[i])
	}
	return err
}

func sqliteIndexes(ctx context.Context, q Querier, t *TableSchema) error {
	var list []IndexSchema
	err := each(ctx, q, `SELECT name, "unique", origin FROM pragma_index_list(?) ORDER BY name`, []any{t.Name}, func(r *sql.Rows) error {
		var ix IndexSchema
		var unique int64
		var origin string
		if err := r.Scan(&ix.Name, &unique, &origin); err != nil {
			return err
		}
		if origin != "pk" {
			ix.Unique = unique != 0
			list = append(list, ix)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, ix := range list {
		ix.Columns, err = strings1(ctx, q, `SELECT name FROM pragma_index_info(?) ORDER BY seqno`, ix.Name)
		if err != nil {
			return err
		}
		t.Indexes = append(t.Indexes, ix)
	}
	return nil
}

func postgresColumns(ctx context.Context, q Querier, t *TableSchema) error {
	return each(ctx, q, `SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
		ORDER BY a.attnum`, []any{t.Name}, func(r *sql.Rows) error {
		var c ColumnSchema
		if err := r.Scan(&c.Name, &c.Type, &c.Nullable); err != nil {
			return err
		}
		t.Columns = append(t.Columns, c)
		return nil
	})
}

func postgresIndexes(ctx context.Context, q Querier, t *TableSchema) error {
	return groupIndexes(ctx, q, t, `SELECT ic.relname, ix.indisunique, ix.indisprimary, a.attname
		FROM pg_index ix JOIN pg_class tc ON tc.oid = ix.indrelid JOIN pg_class ic ON ic.oid = ix.indexrelid
		JOIN pg_namespace n ON n.oid = tc.relnamespace
		CROSS JOIN LATERAL unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
		JOIN pg_attribute a ON a.attrelid = tc.oid AND a.attnum = k.attnum
		WHERE n.nspname = current_schema() AND tc.relname = $1
		ORDER BY ic.relname, k.ord`)
}

func mysqlColumns(ctx context.Context, q Querier, t *TableSchema) error {
	return each(ctx, q, `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS
		WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`, []any{t.Name}, func(r *sql.Rows) error {
		var c ColumnSchema
		var nullable string
		if err := r.Scan(&c.Name, &c.Type, &nullable); err != nil {
			return err
		}
		c.Nullable = nullable == "YES"
		t.Columns = append(t.Columns, c)
		return nil
	})
}

func mysqlIndexes(ctx context.Context, q Querier, t *TableSchema) error {
	return groupIndexes(ctx, q, t, `SELECT INDEX_NAME, NON_UNIQUE = 0, INDEX_NAME = 'PRIMARY', COLUMN_NAME
		FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?
		ORDER BY INDEX_NAME, SEQ_IN_INDEX`)
}

// groupIndexes reads one row per indexed column (name, unique, primary,
// column), ordered by index and position.
func groupIndexes(ctx context.Context, q Querier, t *TableSchema, query string) error {
	var cur *IndexSchema
	var primary bool
	flush := func() {
		if cur == nil {
			return
		}
		if primary {
			t.PrimaryKey = cur.Columns
		} else {
			t.Indexes = append(t.Indexes, *cur)
		}
		cur = nil
	}
	err := each(ctx, q, query, []any{t.Name}, func(r *sql.Rows) error {
		var name, col string
		var unique, prim bool
		if err := r.Scan(&name, &unique, &prim, &col); err != nil {
			return err
		}
		if cur == nil || cur.Name != name {
			flush()
			cur, primary = &IndexSchema{Name: name, Unique: unique}, prim
		}
		cur.Columns = append(cur.Columns, col)
		return nil
	})
	flush()
	return err
}

func strings1(ctx context.Context, q Querier, query string, args ...any) ([]string, error) {
	var out []string
	err := each(ctx, q, query, args, func(r *sql.Rows) error {
		var s string
		if err := r.Scan(&s); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

func each(ctx context.Context, q Querier, query string, args []any, fn func(*sql.Rows) error) (err error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := rows.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// normType spells an SQL type the one way per engine that both a declared
// type and the catalog's answer reduce to.
func normType(d *Dialect, typ string) string {
	t := strings.Join(strings.Fields(strings.ToLower(typ)), " ")
	switch d {
	case Postgres:
		if strings.HasPrefix(t, "varchar(") {
			t = "character varying(" + t[len("varchar("):]
		}
		if alias, ok := postgresAliases[t]; ok {
			t = alias
		}
	case MySQL:
		if i := strings.Index(t, " character set"); i >= 0 {
			t = t[:i]
		}
		if i := strings.Index(t, " collate"); i >= 0 {
			t = t[:i]
		}
		for _, n := range []string{"bigint", "int", "smallint", "mediumint"} {
			if strings.HasPrefix(t, n+"(") {
				t = n + t[strings.Index(t, ")")+1:]
			}
		}
		if t == "boolean" || t == "bool" {
			t = "tinyint(1)"
		}
		t = strings.TrimSuffix(t, " unsigned zerofill")
	}
	return t
}

var postgresAliases = map[string]string{
	"timestamptz(6)": "timestamp(6) with time zone", "timestamptz": "timestamp with time zone",
	"int8": "bigint", "bool": "boolean", "float8": "double precision", "int4": "integer", "int": "integer",
}

// SameType reports whether two spellings of a column type on dialect d
// name the same type: "VARCHAR(255)" and "character varying(255)" on
// PostgreSQL, "BIGINT" and "bigint(20)" on MariaDB.
func SameType(d *Dialect, a, b string) bool { return normType(d, a) == normType(d, b) }
