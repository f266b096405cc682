package twofactor

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// recoveryAlphabet is Crockford's Base32 alphabet: no I, L, O or U, so
// that a code copied from paper is not misread.
const recoveryAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// newRecoveryCode returns a random code of 16 characters (80 bits), shown
// in groups of four: XXXX-XXXX-XXXX-XXXX. At 80 bits, its SHA-256 is safe
// to store without a slow hash.
func newRecoveryCode() string {
	var b [16]byte
	rand.Read(b[:]) // never fails on supported platforms
	var out strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			out.WriteByte('-')
		}
		out.WriteByte(recoveryAlphabet[c&31])
	}
	return out.String()
}

// recoveryHash is the stored form of a recovery code as a user typed it:
// the SHA-256 of its characters, upper-cased, without separators, with the
// letters Crockford's Base32 reads as digits (O, I, L) read so.
func recoveryHash(typed string) []byte {
	var b strings.Builder
	for _, r := range strings.ToUpper(typed) {
		switch {
		case r == '-' || r == ' ':
		case r == 'O':
			b.WriteByte('0')
		case r == 'I' || r == 'L':
			b.WriteByte('1')
		default:
			b.WriteRune(r)
		}
	}
	h := sha256.Sum256([]byte(b.String()))
	return h[:]
}

// newRecoveryCodes replaces a user's recovery codes with a new set and
// returns it.
func (p *Plugin) newRecoveryCodes(ctx context.Context, c *auth.Call, userID string) ([]auth.Shown, error) {
	if _, err := c.DB().Exec(ctx, sqlb.Delete(RecoveryCodes).Where(RecoveryUserID.Eq(userID))); err != nil {
		return nil, err
	}
	codes := make([]auth.Shown, p.cfg.recoveryCodes)
	ins := sqlb.Insert(RecoveryCodes)
	for i := range codes {
		code := newRecoveryCode()
		codes[i] = auth.Show(auth.NewSecret(code))
		ins = ins.Row(RecoveryHash.Set(recoveryHash(code)), RecoveryUserID.Set(userID),
			RecoveryCreatedAt.Set(c.Now()), RecoveryUsedAt.Set(nullTime{}))
	}
	_, err := c.DB().Exec(ctx, ins)
	return codes, err
}

// useRecoveryCode uses up one of the user's recovery codes: a conditional
// update whose affected-row count decides, so that a code works once
// under any concurrency.
func (p *Plugin) useRecoveryCode(ctx context.Context, c *auth.Call, userID string, code auth.Secret) (bool, error) {
	n, err := c.DB().Exec(ctx, sqlb.Update(RecoveryCodes).Set(RecoveryUsedAt.Set(nullTime{V: c.Now(), Valid: true})).
		Where(sqlb.And(RecoveryHash.Eq(recoveryHash(code.Reveal())), RecoveryUserID.Eq(userID), RecoveryUsedAt.IsNull())))
	return n == 1, err
}

// codesLeft counts a user's unused recovery codes.
func (p *Plugin) codesLeft(ctx context.Context, db *sqlb.DB, userID string) (int, error) {
	var n int64
	err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(RecoveryCodes).
		Where(sqlb.And(RecoveryUserID.Eq(userID), RecoveryUsedAt.IsNull())))
	return int(n), err
}
