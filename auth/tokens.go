package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"errors"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Token is a single-use token or code once consumed.
type Token struct {
	ID      string
	Purpose string
	Subject string
	Data    string
	// UserID and IdentityID are the token's bindings, as issued.
	UserID     string
	IdentityID string
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// TokenSpec describes a token or code to issue.
type TokenSpec struct {
	// Purpose names what the token is for: "verify-email", "reset-password" ...
	Purpose string
	// Subject is who or what it is about: a user ID, an address ...
	Subject string
	// Data is kept with the token and returned when it is consumed.
	Data string
	// TTL is how long the token stays valid.
	TTL time.Duration
	// ReplacePrevious invalidates the subject's earlier tokens of the same
	// purpose, so that only the newest works.
	ReplacePrevious bool
	// UserID is the person the token acts for. An account-security event
	// of that person ([Call.AccountChanged]) ends the token, and deleting
	// the person deletes it. Every token that changes an account must
	// name its user. The session that asks for the token, when it is the
	// user's, is recorded too: ending that session ends the token.
	UserID string
	// IdentityID is the identity the token was sent to. The token works
	// only while that identity still belongs to UserID: removing the
	// identity, or its passing to another person, ends it.
	IdentityID string
	// Remedy marks a token that the rightful owner holds against a change
	// made to their account, such as the undo link sent to an address a
	// change replaced: account-security events leave it alive, since the
	// change it undoes may have been made by whoever caused the event.
	Remedy bool
}

// Token errors.
var (
	// ErrTokenInvalid is a token that is unknown, expired, already used,
	// or replaced by a newer one: all answer alike.
	ErrTokenInvalid = NewError("invalid_token_or_expired", http.StatusBadRequest, "the link or token is invalid or has expired")
	// ErrCodeInvalid is a wrong, expired or used code.
	ErrCodeInvalid = NewError("invalid_code", http.StatusBadRequest, "the code is invalid or has expired")
	// ErrTooManyAttempts is a code guessed wrong too often; ask for a new one.
	ErrTooManyAttempts = NewError("too_many_attempts", http.StatusTooManyRequests, "too many wrong codes: ask for a new one")
)

// IssueToken stores a new single-use token and returns it: 32 random
// bytes, base64url; only its SHA-256 is stored.
func (c *Call) IssueToken(ctx context.Context, spec TokenSpec) (Secret, error) {
	token := newToken()
	_, err := c.issue(ctx, spec, hashToken(token))
	return token, err
}

// IssueCode stores a new numeric code of the given number of digits and
// returns it. Codes are checked with [Call.ConsumeCode], which counts
// attempts.
func (c *Call) IssueCode(ctx context.Context, spec TokenSpec, digits int) (Secret, error) {
	if digits < 4 || digits > 12 {
		return Secret{}, internalf("a code needs 4 to 12 digits, not %d", digits)
	}
	n, err := rand.Int(rand.Reader, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil))
	if err != nil {
		return Secret{}, err
	}
	code := n.String()
	code = strings.Repeat("0", digits-len(code)) + code
	id := newID(c.a.Now())
	if _, err := c.issueWithID(ctx, id, spec, codeHash(id, NewSecret(code))); err != nil {
		return Secret{}, err
	}
	return NewSecret(code), nil
}

// codeHash binds a code to its row, so that equal codes of different rows
// hash apart and the hash column stays unique.
func codeHash(id string, code Secret) []byte {
	h := sha256.Sum256([]byte(id + "\x00" + code.Reveal()))
	return h[:]
}

func (c *Call) issue(ctx context.Context, spec TokenSpec, hash []byte) (string, error) {
	return c.issueWithID(ctx, newID(c.a.Now()), spec, hash)
}

func (c *Call) issueWithID(ctx context.Context, id string, spec TokenSpec, hash []byte) (string, error) {
	if spec.Purpose == "" || spec.TTL <= 0 {
		return "", internalf("a token needs a purpose and a positive TTL")
	}
	now := c.a.Now()
	if spec.ReplacePrevious {
		if _, err := c.RevokeTokens(ctx, spec.Purpose, spec.Subject); err != nil {
			return "", err
		}
	}
	if spec.IdentityID != "" && spec.UserID == "" {
		return "", internalf("a token bound to an identity needs its user")
	}
	session := ""
	if c.session != nil && c.session.UserID == spec.UserID {
		session = c.session.ID
	}
	_, err := c.db.Exec(ctx, sqlb.Insert(Tokens).Row(TokenID.Set(id), TokenHash.Set(hash), TokenPurpose.Set(spec.Purpose),
		TokenSubject.Set(spec.Subject), TokenData.Set(spec.Data), TokenCreatedAt.Set(now),
		TokenExpiresAt.Set(now.Add(spec.TTL)), TokenConsumedAt.Set(sql.Null[time.Time]{}), TokenAttempts.Set(0),
		TokenUserID.Set(nullString(spec.UserID)), TokenIdentityID.Set(nullString(spec.IdentityID)),
		TokenSessionID.Set(nullString(session)), TokenRemedy.Set(spec.Remedy)))
	return id, err
}

// ConsumeToken uses up a token of a purpose: exactly one caller wins, under
// any concurrency, by a conditional update whose affected-row count decides.
// Any failure is [ErrTokenInvalid].
func (c *Call) ConsumeToken(ctx context.Context, purpose string, token Secret) (*Token, error) {
	if !validToken(token) {
		return nil, ErrTokenInvalid
	}
	hash := hashToken(token)
	now := c.a.Now()
	n, err := c.db.Exec(ctx, sqlb.Update(Tokens).Set(TokenConsumedAt.Set(nullTime(now))).
		Where(sqlb.And(TokenHash.Eq(hash), TokenPurpose.Eq(purpose), TokenConsumedAt.IsNull(), TokenExpiresAt.Gt(now))))
	if err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, ErrTokenInvalid
	}
	return c.boundToken(ctx, TokenHash.Eq(hash), ErrTokenInvalid)
}

// ConsumeCode checks a code for a subject and uses it up. Every attempt
// is counted first, atomically, and at most maxAttempts are ever compared;
// the count persists even though a wrong code fails the operation. It
// returns [ErrCodeInvalid] or [ErrTooManyAttempts].
func (c *Call) ConsumeCode(ctx context.Context, purpose, subject string, code Secret, maxAttempts int) (*Token, error) {
	now := c.a.Now()
	var id string
	err := c.db.One(ctx, sqlb.Select(TokenID.Into(&id)).From(Tokens).
		Where(sqlb.And(TokenPurpose.Eq(purpose), TokenSubject.Eq(subject), TokenConsumedAt.IsNull(), TokenExpiresAt.Gt(now))).
		OrderBy(TokenCreatedAt.Desc(), TokenID.Desc()).Limit(1))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrCodeInvalid
	}
	if err != nil {
		return nil, err
	}
	live := sqlb.And(TokenID.Eq(id), TokenConsumedAt.IsNull(), TokenExpiresAt.Gt(now))
	n, err := c.db.Exec(ctx, sqlb.Update(Tokens).Set(TokenAttempts.SetTo(sqlb.Add(TokenAttempts, sqlb.Val[int64](1)))).
		Where(sqlb.And(live, TokenAttempts.Lt(int64(maxAttempts)))))
	if err != nil {
		return nil, err
	}
	if n != 1 {
		// Out of attempts, or used (or expired) since it was found: a
		// request that lost a race for the code is told the code is
		// invalid, not that it guessed too often. A locking read, which on
		// MySQL sees what committed since the first read.
		var left string
		err := c.db.One(ctx, sqlb.Select(TokenID.Into(&left)).From(Tokens).Where(live).ForUpdate())
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrCodeInvalid
		}
		if err != nil {
			return nil, err
		}
		return nil, ErrTooManyAttempts
	}
	var stored []byte
	if err := c.db.One(ctx, sqlb.Select(TokenHash.Into(&stored)).From(Tokens).Where(TokenID.Eq(id))); err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(stored, codeHash(id, code)) != 1 {
		c.KeepWrites() // the counted attempt stays, though the operation fails
		return nil, ErrCodeInvalid
	}
	n, err = c.db.Exec(ctx, sqlb.Update(Tokens).Set(TokenConsumedAt.Set(nullTime(now))).Where(live))
	if err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, ErrCodeInvalid
	}
	return c.boundToken(ctx, TokenID.Eq(id), ErrCodeInvalid)
}

// RevokeTokens invalidates a subject's unused tokens of a purpose.
//
// It finds them with a plain read and ends them by their IDs. An update
// that searched by purpose and subject would, on MySQL, lock the gap where
// a new subject's row goes, and two sign-ups issuing their first tokens at
// once would each wait for the other's gap: a deadlock on every burst.
func (c *Call) RevokeTokens(ctx context.Context, purpose, subject string) (int64, error) {
	var id string
	var ids []string
	err := c.db.All(ctx, sqlb.Select(TokenID.Into(&id)).From(Tokens).
		Where(sqlb.And(TokenPurpose.Eq(purpose), TokenSubject.Eq(subject), TokenConsumedAt.IsNull())),
		func() error { ids = append(ids, id); return nil })
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return c.db.Exec(ctx, sqlb.Update(Tokens).Set(TokenConsumedAt.Set(nullTime(c.a.Now()))).
		Where(sqlb.And(TokenID.In(ids...), TokenConsumedAt.IsNull())))
}

// boundToken loads a token just consumed and checks its binding: the
// identity it was sent to must still be its user's. A token whose
// binding broke answers invalid, as for any dead token.
func (c *Call) boundToken(ctx context.Context, where sqlb.Cond, invalid *Error) (*Token, error) {
	var t Token
	var user, identity sql.Null[string]
	err := c.db.One(ctx, sqlb.Select(TokenID.Into(&t.ID), TokenPurpose.Into(&t.Purpose), TokenSubject.Into(&t.Subject),
		TokenData.Into(&t.Data), TokenCreatedAt.Into(&t.CreatedAt), TokenExpiresAt.Into(&t.ExpiresAt),
		TokenUserID.Into(&user), TokenIdentityID.Into(&identity)).
		From(Tokens).Where(where))
	if err != nil {
		return nil, err
	}
	t.UserID, t.IdentityID = user.V, identity.V
	if t.IdentityID == "" {
		return &t, nil
	}
	var holder string
	err = c.db.One(ctx, sqlb.Select(IdentityUserID.Into(&holder)).From(Identities).Where(IdentityID.Eq(t.IdentityID)))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && holder != t.UserID) {
		return nil, invalid
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// endTokens ends the unused tokens of a user that match cond, except
// remedies.
func (c *Call) endTokens(ctx context.Context, userID string, cond sqlb.Cond) error {
	where := sqlb.And(TokenUserID.Eq(nullString(userID)), TokenConsumedAt.IsNull(), TokenRemedy.Eq(false))
	if cond != nil {
		where = sqlb.And(where, cond)
	}
	_, err := c.db.Exec(ctx, sqlb.Update(Tokens).Set(TokenConsumedAt.Set(nullTime(c.a.Now()))).Where(where))
	return err
}
