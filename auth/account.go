package auth

import (
	"context"
	"database/sql"

	"github.com/sesame-go/sesame/sqlb"
)

// AccountEvent is an account-security event: a change after which nothing
// begun before it may go on. It is also the type of the security event
// [Call.AccountChanged] emits.
type AccountEvent string

// The account-security events of the core and the built-in plugins.
const (
	// PasswordReset: a password was set through a reset link.
	PasswordReset AccountEvent = "password_reset"
	// PasswordChanged: the user changed their password, or the host set
	// it (the password plugin's SetPassword).
	PasswordChanged AccountEvent = "password_changed"
	// IdentityChanged: an identifier was replaced, or a change of one was
	// undone.
	IdentityChanged AccountEvent = "identity_changed"
	// IdentityRemoved: the user removed one of their identifiers.
	IdentityRemoved AccountEvent = "identity_removed"
	// SignedOutEverywhere: the user ended their other sessions.
	SignedOutEverywhere AccountEvent = "signed_out_everywhere"
	// SecondFactorRemoved: the user removed a second factor (the
	// twofactor plugin's remove).
	SecondFactorRemoved AccountEvent = "second_factor_removed"
)

// AccountChanged records an account-security event of a user, inside the
// operation's transaction, so that nothing begun before it can finish
// after it. It ends every session of the user, but the caller's own when
// keepCaller is set (a change made from a fresh session); and every
// pending token of the user ([TokenSpec.UserID]) but those the kept
// session asked for: reset and verification links, address changes
// waiting for confirmation, codes, provider-link states. Remedies
// ([TokenSpec.Remedy]) stay. [AccountObserver] plugins then end what
// they keep of their own (remembered devices ...). Once the operation
// committed, it emits the event to the event sink.
func (c *Call) AccountChanged(ctx context.Context, userID string, ev AccountEvent, keepCaller bool) error {
	_, err := c.accountChanged(ctx, userID, ev, keepCaller)
	return err
}

// accountChanged is AccountChanged, returning how many sessions it ended.
func (c *Call) accountChanged(ctx context.Context, userID string, ev AccountEvent, keepCaller bool) (int64, error) {
	keep := ""
	if c.session != nil && c.session.UserID == userID {
		if keepCaller {
			keep = c.session.ID
		} else {
			c.outcome.Ended = true
		}
	}
	c.UserChanged(userID)
	n, err := c.deleteSessions(ctx, userID, keep)
	if err != nil {
		return 0, err
	}
	if keep != "" && c.a.stateless() {
		if err := c.reissueKept(ctx); err != nil { // the event ended its token too
			return 0, err
		}
	}
	var spare sqlb.Cond
	if keep != "" {
		spare = sqlb.Or(TokenSessionID.IsNull(), TokenSessionID.Ne(nullString(keep)))
	}
	if err := c.endTokens(ctx, userID, spare); err != nil {
		return 0, err
	}
	for _, p := range c.a.cfg.plugins {
		if o, ok := p.(AccountObserver); ok {
			if err := o.AccountChanged(ctx, c, userID, ev); err != nil {
				return 0, err
			}
		}
	}
	c.raiseCommitted(Event{Type: string(ev), UserID: userID}) // an event only of what happened
	return n, nil
}

// endSessions ends some sessions of a user, and the tokens they asked
// for: revoking a session that a thief holds ends the changes the thief
// started from it.
func (c *Call) endSessions(ctx context.Context, userID string, ids ...string) (int64, error) {
	c.UserChanged(userID)
	n, err := c.deleteSessions(ctx, userID, "", ids...)
	if err != nil || n == 0 {
		return n, err
	}
	return n, c.endTokens(ctx, userID, TokenSessionID.In(nullStrings(ids)...))
}

func nullStrings(ss []string) []sql.Null[string] {
	out := make([]sql.Null[string], len(ss))
	for i, s := range ss {
		out[i] = nullString(s)
	}
	return out
}
