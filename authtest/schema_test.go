package authtest_test

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Tables of the engine tests: one column of every kind, nullable twins, a
// child table with a cascading foreign key, and a counter for upserts.
var (
	kinds       = sqlb.NewTable("kinds")
	kindID      = sqlb.NewColumn[string](kinds, "id", sqlb.String(26).Labeled("id"))
	kindKey     = sqlb.NewColumn[string](kinds, "key_text", sqlb.String(255))
	kindText    = sqlb.NewColumn[string](kinds, "body", sqlb.Text())
	kindInt     = sqlb.NewColumn[int64](kinds, "n", sqlb.Int())
	kindFloat   = sqlb.NewColumn[float64](kinds, "f", sqlb.Float())
	kindBool    = sqlb.NewColumn[bool](kinds, "b", sqlb.Bool())
	kindTime    = sqlb.NewColumn[time.Time](kinds, "at", sqlb.Time())
	kindBytes   = sqlb.NewColumn[[]byte](kinds, "raw", sqlb.Bytes(0))
	kindHash    = sqlb.NewColumn[[]byte](kinds, "hash", sqlb.Bytes(32))
	kindNullStr = sqlb.NewColumn[sql.Null[string]](kinds, "ns", sqlb.String(64), sqlb.Nullable())
	kindNullInt = sqlb.NewColumn[sql.Null[int64]](kinds, "nn", sqlb.Int(), sqlb.Nullable())
	kindNullB   = sqlb.NewColumn[sql.Null[bool]](kinds, "nb", sqlb.Bool(), sqlb.Nullable())
	kindNullT   = sqlb.NewColumn[sql.Null[time.Time]](kinds, "nat", sqlb.Time(), sqlb.Nullable())
	kindNullRaw = sqlb.NewColumn[sql.Null[[]byte]](kinds, "nraw", sqlb.Bytes(0), sqlb.Nullable())
	kindNullF   = sqlb.NewColumn[sql.Null[float64]](kinds, "nf", sqlb.Float(), sqlb.Nullable())

	children    = sqlb.NewTable("child")
	childID     = sqlb.NewColumn[string](children, "id", sqlb.String(26).Labeled("id"))
	childParent = sqlb.NewColumn[string](children, "parent_id", sqlb.String(26).Labeled("id"), sqlb.References(kindID, sqlb.Cascade))
	childNote   = sqlb.AddedColumn[sql.Null[string]](children, "note", sqlb.Text(), sqlb.Nullable())
	childRank   = sqlb.AddedColumn[int64](children, "rank", sqlb.Int(), sqlb.Default(7))
	childByRank = children.Index(childParent)

	counters     = sqlb.NewTable("counter")
	counterKey   = sqlb.NewColumn[string](counters, "k", sqlb.String(100))
	counterCount = sqlb.NewColumn[int64](counters, "count", sqlb.Int())
)

func init() {
	kinds.PrimaryKey(kindID)
	kinds.Unique(kindKey)
	kinds.Unique(kindHash)
	children.PrimaryKey(childID)
	counters.PrimaryKey(counterKey)
}

// row is one row of kinds.
type row struct {
	id, key, text string
	n             int64
	f             float64
	b             bool
	at            time.Time
	raw, hash     []byte
	ns            sql.Null[string]
	nn            sql.Null[int64]
	nb            sql.Null[bool]
	nat           sql.Null[time.Time]
	nraw          sql.Null[[]byte]
	nf            sql.Null[float64]
}

func (r row) insert() *sqlb.InsertStmt {
	return sqlb.Insert(kinds).Row(kindID.Set(r.id), kindKey.Set(r.key), kindText.Set(r.text), kindInt.Set(r.n),
		kindFloat.Set(r.f), kindBool.Set(r.b), kindTime.Set(r.at), kindBytes.Set(r.raw), kindHash.Set(r.hash),
		kindNullStr.Set(r.ns), kindNullInt.Set(r.nn), kindNullB.Set(r.nb), kindNullT.Set(r.nat),
		kindNullRaw.Set(r.nraw), kindNullF.Set(r.nf))
}

// selectInto selects every column of kinds into r.
func selectInto(r *row) *sqlb.SelectStmt {
	return sqlb.Select(kindID.Into(&r.id), kindKey.Into(&r.key), kindText.Into(&r.text), kindInt.Into(&r.n),
		kindFloat.Into(&r.f), kindBool.Into(&r.b), kindTime.Into(&r.at), kindBytes.Into(&r.raw), kindHash.Into(&r.hash),
		kindNullStr.Into(&r.ns), kindNullInt.Into(&r.nn), kindNullB.Into(&r.nb), kindNullT.Into(&r.nat),
		kindNullRaw.Into(&r.nraw), kindNullF.Into(&r.nf)).From(kinds)
}
