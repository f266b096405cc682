package sqlb_test

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// A small schema shared by the golden tests and the examples.
var (
	people       = sqlb.NewTable("person")
	personID     = sqlb.NewColumn[string](people, "id", sqlb.String(26).Labeled("id"))
	personEmail  = sqlb.NewColumn[string](people, "email", sqlb.String(255))
	personName   = sqlb.NewColumn[string](people, "name", sqlb.Text())
	personAge    = sqlb.NewColumn[int64](people, "age", sqlb.Int())
	personAdmin  = sqlb.NewColumn[bool](people, "admin", sqlb.Bool())
	personJoined = sqlb.NewColumn[time.Time](people, "joined_at", sqlb.Time())
	personSeen   = sqlb.NewColumn[sql.Null[time.Time]](people, "seen_at", sqlb.Time(), sqlb.Nullable())

	visits       = sqlb.NewTable("visit")
	visitID      = sqlb.NewColumn[string](visits, "id", sqlb.String(26).Labeled("id"))
	visitPerson  = sqlb.NewColumn[string](visits, "person_id", sqlb.String(26).Labeled("id"), sqlb.References(personID, sqlb.Cascade))
	visitHash    = sqlb.NewColumn[[]byte](visits, "hash", sqlb.Bytes(32))
	visitCount   = sqlb.NewColumn[int64](visits, "count", sqlb.Int())
	_            = sqlb.NewColumn[float64](visits, "score", sqlb.Float(), sqlb.Override(sqlb.Postgres, "REAL"))
	visitNote    = sqlb.AddedColumn[sql.Null[string]](visits, "note", sqlb.Text(), sqlb.Nullable())
	visitFlagged = sqlb.AddedColumn[bool](visits, "flagged", sqlb.Bool(), sqlb.Default(false))
	visitByHash  = visits.Unique(visitHash)
	visitByFlag  = visits.AddedIndex(visitFlagged)
)

func init() {
	people.PrimaryKey(personID)
	people.Unique(personEmail)
	visits.PrimaryKey(visitID)
	visits.Index(visitPerson, visitCount)
}
