package authimport

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Imported is auth_import: what each run imported, keyed by the source's
// name, the kind of thing ("user", "password", "account", "session") and
// its ID there, with the Sesame user it went to. A later run skips what
// it lists, so runs resume and never import anything twice. The user ID
// is no foreign key: a user deleted after the import stays listed, and
// is not brought back by the next run.
var (
	Imported         = sqlb.NewTable("auth_import")
	ImportedSource   = sqlb.NewColumn[string](Imported, "source", sqlb.String(64))
	ImportedKind     = sqlb.NewColumn[string](Imported, "kind", sqlb.String(16))
	ImportedSourceID = sqlb.NewColumn[string](Imported, "source_id", sqlb.String(255))
	ImportedUserID   = sqlb.NewColumn[string](Imported, "user_id", sqlb.String(36).Labeled("id"))
	ImportedAt       = sqlb.NewColumn[time.Time](Imported, "imported_at", sqlb.Time())
)

// The kinds of things an import keys.
const (
	kindUser     = "user"
	kindPassword = "password"
	kindAccount  = "account"
	kindSession  = "session"
)

func init() {
	Imported.PrimaryKey(ImportedSource, ImportedKind, ImportedSourceID)
	Imported.Index(ImportedUserID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Imported} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Imported))}
}
