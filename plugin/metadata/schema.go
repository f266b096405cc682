package metadata

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Documents is auth_user_metadata: one row per user that has any, with
// the three documents as JSON text and a version that every write
// increments. Rows go with the user.
var (
	Documents         = sqlb.NewTable("auth_user_metadata")
	DocumentUserID    = sqlb.NewColumn[string](Documents, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	DocumentPublic    = sqlb.NewColumn[string](Documents, "public", sqlb.Text())
	DocumentPrivate   = sqlb.NewColumn[string](Documents, "private", sqlb.Text())
	DocumentEditable  = sqlb.NewColumn[string](Documents, "editable", sqlb.Text())
	DocumentVersion   = sqlb.NewColumn[int64](Documents, "version", sqlb.Int())
	DocumentUpdatedAt = sqlb.NewColumn[time.Time](Documents, "updated_at", sqlb.Time())
)

func init() { Documents.PrimaryKey(DocumentUserID) }

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Documents} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Documents))}
}

// Metadata is all of a user's documents: what the server reads
// ([Read], [Plugin.Set]). Version is 0 while the user has none.
type Metadata struct {
	Public    json.RawMessage `json:"public"`
	Private   json.RawMessage `json:"private"`
	Editable  json.RawMessage `json:"editable"`
	Version   int64           `json:"version"`
	UpdatedAt time.Time       `json:"updatedAt,omitzero"`
}

var emptyDoc = json.RawMessage("{}")

// Read returns a user's documents, each {} when never written, for the
// host's own code; db is [auth.Auth.DB] or an operation's [auth.Call.DB].
// The private document is in it: never send it to a client.
func Read(ctx context.Context, db *sqlb.DB, userID string) (Metadata, error) {
	var m Metadata
	var pub, priv, ed string
	q := sqlb.Select(DocumentPublic.Into(&pub), DocumentPrivate.Into(&priv), DocumentEditable.Into(&ed),
		DocumentVersion.Into(&m.Version), DocumentUpdatedAt.Into(&m.UpdatedAt)).From(Documents).Where(DocumentUserID.Eq(userID))
	err := db.One(ctx, q)
	if errors.Is(err, sql.ErrNoRows) {
		return Metadata{Public: emptyDoc, Private: emptyDoc, Editable: emptyDoc}, nil
	}
	if err != nil {
		return Metadata{}, err
	}
	m.Public, m.Private, m.Editable = json.RawMessage(pub), json.RawMessage(priv), json.RawMessage(ed)
	return m, nil
}

// write stores m as the user's documents if their version is still
// m.Version, and returns the new version; [ErrVersionConflict] when
// another write came first. Callers hold the user's lock; the conditional
// update (or, for a user with none, the insert that the primary key makes
// unique) would decide between concurrent writes even without it.
func write(ctx context.Context, db *sqlb.DB, userID string, m Metadata, now time.Time) (int64, error) {
	if m.Version == 0 {
		n, err := db.Exec(ctx, sqlb.Insert(Documents).Row(DocumentUserID.Set(userID), DocumentPublic.Set(string(m.Public)),
			DocumentPrivate.Set(string(m.Private)), DocumentEditable.Set(string(m.Editable)), DocumentVersion.Set(1),
			DocumentUpdatedAt.Set(now)).OnConflictDoNothing(DocumentUserID))
		if err == nil && n != 1 {
			err = ErrVersionConflict
		}
		return 1, err
	}
	n, err := db.Exec(ctx, sqlb.Update(Documents).Set(DocumentPublic.Set(string(m.Public)), DocumentPrivate.Set(string(m.Private)),
		DocumentEditable.Set(string(m.Editable)), DocumentVersion.Set(m.Version+1), DocumentUpdatedAt.Set(now)).
		Where(sqlb.And(DocumentUserID.Eq(userID), DocumentVersion.Eq(m.Version))))
	if err == nil && n != 1 {
		err = ErrVersionConflict
	}
	return m.Version + 1, err
}
