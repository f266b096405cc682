package sqlb

import "strconv"

// Dialect is the SQL flavour of one engine: placeholders, identifier quoting,
// column types, upserts and value encoding. Use the predefined [SQLite],
// [Postgres] and [MySQL] values.
type Dialect struct {
	name string
}

// The supported dialects.
var (
	// SQLite is SQLite 3.35 or later.
	SQLite = &Dialect{name: "sqlite"}
	// Postgres is PostgreSQL 12 or later.
	Postgres = &Dialect{name: "postgres"}
	// MySQL is MySQL 8 syntax, kept to what MariaDB 10.6 or later also accepts.
	MySQL = &Dialect{name: "mysql"}
)

// Dialects lists the supported dialects.
func Dialects() []*Dialect { return []*Dialect{SQLite, Postgres, MySQL} }

// Name returns the dialect's name: "sqlite", "postgres" or "mysql".
func (d *Dialect) Name() string { return d.name }

// String returns the dialect's name.
func (d *Dialect) String() string { return d.name }

// Placeholder returns the parameter marker for the n-th argument (1-based).
func (d *Dialect) Placeholder(n int) string {
	if d == Postgres {
		return "$" + strconv.Itoa(n)
	}
	return "?"
}

// Quote returns ident quoted as an identifier. It does not validate ident;
// statements only quote names that [ValidIdent] accepted.
func (d *Dialect) Quote(ident string) string {
	if d == MySQL {
		return "`" + ident + "`"
	}
	return `"` + ident + `"`
}

// ColumnType returns the SQL type the dialect uses for t, before overrides.
func (d *Dialect) ColumnType(t Type) string {
	switch t.Kind {
	case KindString:
		switch d {
		case MySQL:
			// VARBINARY compares byte for byte with no trailing-space
			// padding, which MySQL's and MariaDB's _bin collations add;
			// four bytes hold any UTF-8 character.
			return "VARBINARY(" + strconv.Itoa(4*t.Size) + ")"
		case Postgres:
			return "VARCHAR(" + strconv.Itoa(t.Size) + ")"
		}
		return "TEXT"
	case KindText:
		if d == MySQL {
			return "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
		}
		return "TEXT"
	case KindInt:
		if d == SQLite {
			return "INTEGER"
		}
		return "BIGINT"
	case KindFloat:
		switch d {
		case SQLite:
			return "REAL"
		case Postgres:
			return "DOUBLE PRECISION"
		}
		return "DOUBLE"
	case KindBool:
		switch d {
		case SQLite:
			return "INTEGER"
		case Postgres:
			return "BOOLEAN"
		}
		return "TINYINT(1)"
	case KindTime:
		switch d {
		case SQLite:
			return "TEXT"
		case Postgres:
			return "TIMESTAMPTZ(6)"
		}
		return "DATETIME(6)"
	case KindBytes:
		switch d {
		case SQLite:
			return "BLOB"
		case Postgres:
			return "BYTEA"
		}
		if t.Size > 0 {
			return "VARBINARY(" + strconv.Itoa(t.Size) + ")"
		}
		return "LONGBLOB"
	}
	return ""
}

// maxIdent is the longest identifier every engine accepts (PostgreSQL's 63).
const maxIdent = 63

// ValidIdent reports whether name is a safe identifier: an ASCII letter or
// underscore, then letters, digits and underscores, at most 63 in all.
func ValidIdent(name string) bool {
	if name == "" || len(name) > maxIdent {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
