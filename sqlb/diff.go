package sqlb

import (
	"fmt"
	"strings"
)

// DifferenceKind says how a live table departs from the declared one.
type DifferenceKind string

// The kinds of [Difference].
const (
	MissingTable      DifferenceKind = "missing table"
	ExtraTable        DifferenceKind = "extra table"
	MissingColumn     DifferenceKind = "missing column"
	ExtraColumn       DifferenceKind = "extra column"
	ColumnType        DifferenceKind = "column type"
	ColumnNullability DifferenceKind = "column nullability"
	MissingIndex      DifferenceKind = "missing index"
	ExtraIndex        DifferenceKind = "extra index"
	PrimaryKey        DifferenceKind = "primary key"
)

// Difference is one way a live schema departs from the declared one.
type Difference struct {
	Kind  DifferenceKind
	Table string
	// Item names the column or describes the index; empty for a table.
	Item string
	// Want and Got are the declared and live values of a changed item.
	Want, Got string
}

// String describes the difference on one line.
func (d Difference) String() string {
	s := string(d.Kind) + ": " + d.Table
	if d.Item != "" {
		s += " " + d.Item
	}
	switch {
	case d.Want != "" && d.Got != "":
		s += fmt.Sprintf(": declared %s, live %s", d.Want, d.Got)
	case d.Got != "":
		s += ": live " + d.Got
	}
	return s
}

// Diff lists how live departs from want on dialect d: tables, columns,
// column types (compared with [SameType]) and nullability, primary keys,
// and indexes (by uniqueness and columns). A live table that want lacks is
// reported only when owned says it belongs to the schema's owner; other
// tables are left alone. Defaults and foreign keys are not compared.
func Diff(d *Dialect, want, live *Schema, owned func(table string) bool) []Difference {
	var out []Difference
	liveByName := map[string]*TableSchema{}
	for name, t := range live.Tables {
		liveByName[strings.ToLower(name)] = t
	}
	for _, name := range want.TableNames() {
		w := want.Tables[name]
		l, ok := liveByName[strings.ToLower(name)]
		if !ok {
			out = append(out, Difference{Kind: MissingTable, Table: name})
			continue
		}
		out = append(out, compareTable(d, w, l)...)
	}
	wantByName := map[string]bool{}
	for name := range want.Tables {
		wantByName[strings.ToLower(name)] = true
	}
	for _, name := range live.TableNames() {
		if !wantByName[strings.ToLower(name)] && owned != nil && owned(name) {
			out = append(out, Difference{Kind: ExtraTable, Table: name})
		}
	}
	return out
}

func compareTable(d *Dialect, w, l *TableSchema) []Difference {
	var out []Difference
	for _, wc := range w.Columns {
		lc, ok := l.Column(wc.Name)
		switch {
		case !ok:
			out = append(out, Difference{Kind: MissingColumn, Table: w.Name, Item: wc.Name})
		case !SameType(d, wc.Type, lc.Type):
			out = append(out, Difference{Kind: ColumnType, Table: w.Name, Item: wc.Name, Want: wc.Type, Got: lc.Type})
		case wc.Nullable != lc.Nullable:
			out = append(out, Difference{Kind: ColumnNullability, Table: w.Name, Item: wc.Name, Want: nullability(wc.Nullable), Got: nullability(lc.Nullable)})
		}
	}
	for _, lc := range l.Columns {
		if _, ok := w.Column(lc.Name); !ok {
			out = append(out, Difference{Kind: ExtraColumn, Table: w.Name, Item: lc.Name, Got: lc.Type})
		}
	}
	if wk, lk := columnList(w.PrimaryKey), columnList(l.PrimaryKey); !strings.EqualFold(wk, lk) {
		out = append(out, Difference{Kind: PrimaryKey, Table: w.Name, Want: wk, Got: lk})
	}
	liveIx := map[string]bool{}
	for _, ix := range l.Indexes {
		liveIx[ix.key()] = true
	}
	wantIx := map[string]bool{}
	for _, ix := range w.Indexes {
		wantIx[ix.key()] = true
		if !liveIx[ix.key()] && !ix.Implied {
			out = append(out, Difference{Kind: MissingIndex, Table: w.Name, Item: ix.key()})
		}
	}
	for _, ix := range l.Indexes {
		if !wantIx[ix.key()] {
			out = append(out, Difference{Kind: ExtraIndex, Table: w.Name, Item: ix.key() + " named " + ix.Name})
		}
	}
	return out
}

func nullability(null bool) string {
	if null {
		return "NULL"
	}
	return "NOT NULL"
}

func columnList(cols []string) string {
	if len(cols) == 0 {
		return "(none)"
	}
	return "(" + strings.Join(cols, ", ") + ")"
}
