package jwt

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// SigningKeys is auth_jwt_key: the instance's signing keys, shared by
// every process on the database. A key is published in the key set from
// its creation and until published_until; it signs from signs_from until
// signs_until, which a newer key sets when it takes over. The private key
// is sealed ([WithSecretKeys]), bound to its kid.
var (
	SigningKeys       = sqlb.NewTable("auth_jwt_key")
	KeyID             = sqlb.NewColumn[string](SigningKeys, "kid", sqlb.String(64))
	KeyGeneration     = sqlb.NewColumn[int64](SigningKeys, "generation", sqlb.Int())
	KeyAlgorithm      = sqlb.NewColumn[string](SigningKeys, "alg", sqlb.String(16))
	KeyPrivate        = sqlb.NewColumn[string](SigningKeys, "private_key", sqlb.Text())
	KeyPublic         = sqlb.NewColumn[string](SigningKeys, "public_jwk", sqlb.Text())
	KeyCreatedAt      = sqlb.NewColumn[time.Time](SigningKeys, "created_at", sqlb.Time())
	KeySignsFrom      = sqlb.NewColumn[time.Time](SigningKeys, "signs_from", sqlb.Time())
	KeySignsUntil     = sqlb.NewColumn[sql.Null[time.Time]](SigningKeys, "signs_until", sqlb.Time(), sqlb.Nullable())
	KeyPublishedUntil = sqlb.NewColumn[sql.Null[time.Time]](SigningKeys, "published_until", sqlb.Time(), sqlb.Nullable())
)

// RotationLock is auth_jwt_lock: one row ("rotation") that a rotation
// updates first, so that rotations of several processes take turns on
// every engine, even while there is no key to lock yet.
var (
	RotationLock          = sqlb.NewTable("auth_jwt_lock")
	RotationLockID        = sqlb.NewColumn[string](RotationLock, "name", sqlb.String(16))
	RotationLockCheckedAt = sqlb.NewColumn[time.Time](RotationLock, "checked_at", sqlb.Time())
)

// rotationLockName names the lock row.
const rotationLockName = "rotation"

func init() {
	SigningKeys.PrimaryKey(KeyID)
	SigningKeys.Unique(KeyGeneration)
	RotationLock.PrimaryKey(RotationLockID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{SigningKeys, RotationLock} }

// Migrations implements [auth.Schema]. The first creates the tables and
// the row that rotations lock, so that two processes never rotate at once.
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{{ID: "001_create", Apply: func(ctx context.Context, db *sqlb.DB) error {
		if err := db.Apply(ctx, sqlb.CreateTable(SigningKeys), sqlb.CreateTable(RotationLock)); err != nil {
			return err
		}
		_, err := db.Exec(ctx, sqlb.Insert(RotationLock).Row(RotationLockID.Set(rotationLockName),
			RotationLockCheckedAt.Set(time.Unix(0, 0).UTC())))
		return err
	}}}
}
