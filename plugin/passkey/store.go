package passkey

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/sesame-go/sesame/sqlb"
)

// record is a row of auth_passkey: a passkey and its credential record.
type record struct {
	id, userID, name string
	handle           []byte
	cred             webauthn.Credential
	created          time.Time
	lastUsed         time.Time
}

// recordRow scans a record.
type recordRow struct {
	r          record
	transports string
	count      int64
	uv, be, bs bool
	lastUsed   sql.Null[time.Time]
}

func (s *recordRow) selections() []sqlb.Selection {
	r := &s.r
	return []sqlb.Selection{PasskeyID.Into(&r.id), PasskeyUserID.Into(&r.userID), PasskeyName.Into(&r.name),
		PasskeyCredID.Into(&r.cred.ID), PasskeyHandle.Into(&r.handle), PasskeyKey.Into(&r.cred.PublicKey),
		PasskeyAAGUID.Into(&r.cred.Authenticator.AAGUID), PasskeyAttType.Into(&r.cred.AttestationType),
		PasskeyAttFmt.Into(&r.cred.AttestationFormat), PasskeyTransp.Into(&s.transports), PasskeyCount.Into(&s.count),
		PasskeyUV.Into(&s.uv), PasskeyBE.Into(&s.be), PasskeyBS.Into(&s.bs), PasskeyCreated.Into(&r.created),
		PasskeyLastUsed.Into(&s.lastUsed)}
}

// record returns a copy of the scanned record.
func (s *recordRow) record() *record {
	r := s.r
	r.cred.ID = append([]byte(nil), r.cred.ID...)
	r.cred.PublicKey = append([]byte(nil), r.cred.PublicKey...)
	r.cred.Authenticator.AAGUID = append([]byte(nil), r.cred.Authenticator.AAGUID...)
	r.handle = append([]byte(nil), r.handle...)
	r.cred.Transport = nil
	for _, t := range strings.Split(s.transports, ",") {
		if t != "" {
			r.cred.Transport = append(r.cred.Transport, protocol.AuthenticatorTransport(t))
		}
	}
	r.cred.Authenticator.SignCount = uint32(s.count)
	r.cred.Flags = webauthn.CredentialFlags{UserPresent: true, UserVerified: s.uv, BackupEligible: s.be, BackupState: s.bs}
	r.lastUsed = s.lastUsed.V
	return &r
}

// userRecords returns a user's passkeys, oldest first.
func userRecords(ctx context.Context, db *sqlb.DB, userID string) ([]*record, error) {
	var s recordRow
	var out []*record
	err := db.All(ctx, sqlb.Select(s.selections()...).From(Passkeys).Where(PasskeyUserID.Eq(userID)).
		OrderBy(PasskeyCreated.Asc(), PasskeyID.Asc()), func() error {
		out = append(out, s.record())
		return nil
	})
	return out, err
}

// loadRecord returns the passkey of an identity, locked for the
// transaction, or nil when there is none.
func loadRecord(ctx context.Context, db *sqlb.DB, id string) (*record, error) {
	var s recordRow
	err := db.One(ctx, sqlb.Select(s.selections()...).From(Passkeys).Where(PasskeyID.Eq(id)).ForUpdate())
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.record(), nil
}

// insertRecord stores a new passkey.
func insertRecord(ctx context.Context, db *sqlb.DB, r *record) error {
	c := &r.cred
	_, err := db.Exec(ctx, sqlb.Insert(Passkeys).Row(PasskeyID.Set(r.id), PasskeyUserID.Set(r.userID),
		PasskeyName.Set(r.name), PasskeyCredID.Set(c.ID), PasskeyHandle.Set(r.handle), PasskeyKey.Set(c.PublicKey),
		PasskeyAAGUID.Set(c.Authenticator.AAGUID), PasskeyAttType.Set(c.AttestationType),
		PasskeyAttFmt.Set(c.AttestationFormat), PasskeyTransp.Set(joinTransports(c.Transport)),
		PasskeyCount.Set(int64(c.Authenticator.SignCount)), PasskeyUV.Set(c.Flags.UserVerified),
		PasskeyBE.Set(c.Flags.BackupEligible), PasskeyBS.Set(c.Flags.BackupState), PasskeyCreated.Set(r.created),
		PasskeyLastUsed.Set(sql.Null[time.Time]{})))
	return err
}

// joinTransports keeps the transports the browser reported, as far as
// they fit the column; they are hints for later ceremonies.
func joinTransports(ts []protocol.AuthenticatorTransport) string {
	var b strings.Builder
	for _, t := range ts {
		s := string(t)
		if s == "" || strings.ContainsAny(s, ",\x00") || b.Len()+len(s)+1 > 255 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s)
	}
	return b.String()
}

// passkey returns what the person's list shows of r.
func (r *record) passkey() Passkey {
	ts := make([]string, 0, len(r.cred.Transport))
	for _, t := range r.cred.Transport {
		ts = append(ts, string(t))
	}
	return Passkey{ID: r.id, Name: r.name, AAGUID: formatAAGUID(r.cred.Authenticator.AAGUID), Transports: ts,
		BackupEligible: r.cred.Flags.BackupEligible, BackedUp: r.cred.Flags.BackupState, CreatedAt: r.created,
		LastUsedAt: r.lastUsed}
}

// formatAAGUID writes an authenticator's AAGUID as a UUID (WebAuthn
// §6.5.1), all zeros when it has none.
func formatAAGUID(b []byte) string {
	if len(b) != 16 {
		b = make([]byte, 16)
	}
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
