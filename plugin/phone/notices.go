package phone

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// emailTemplates are the plugin's messages to addresses, which the email
// plugin renders ([email.WithTemplate] replaces them). Additions reach
// addresses through the email plugin's own notice of a way in added,
// with its undo link.
var emailTemplates = map[string][2]string{
	PurposeRemoved: {"A phone number was removed from your {{.App}} account",
		"{{.What}} was just removed from your {{.App}} account, and your other devices were signed out.\n\nIf this was not you, sign in, check your account's numbers and addresses, and change your password if you have one."},
}

// IdentityVerified implements [auth.IdentityObserver]: when a way into an
// existing account was added (a number, an address, a provider account
// ...), every other verified number of the account is told.
func (p *Plugin) IdentityVerified(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if c.NewUser(id.UserID) {
		return nil
	}
	return p.notify(ctx, c, id, PurposeAdded)
}

// IdentityRemoved implements [auth.IdentityObserver]; numbers need
// nothing of their own.
func (p *Plugin) IdentityRemoved(context.Context, *auth.Call, *auth.Identity) error { return nil }

// notify tells the account's verified numbers other than about's own of
// an identity added or removed and, for a removal, its verified
// addresses (additions reach them through the email plugin's notice).
func (p *Plugin) notify(ctx context.Context, c *auth.Call, about *auth.Identity, purpose string) error {
	what := about.Kind
	if about.Kind == Kind || about.Kind == email.Kind {
		what = about.Value
	}
	numbers, err := c.Identities(ctx, about.UserID, Kind)
	if err != nil {
		return err
	}
	for _, to := range numbers {
		if to.Verified() && to.ID != about.ID {
			if err := p.Send(ctx, c, purpose, to.Value, MessageData{What: what}); err != nil {
				return err
			}
		}
	}
	if p.mail == nil || purpose != PurposeRemoved {
		return nil
	}
	addresses, err := c.Identities(ctx, about.UserID, email.Kind)
	if err != nil {
		return err
	}
	for _, to := range addresses {
		if to.Verified() {
			if err := p.mail.Send(ctx, c, purpose, to.Value, email.MessageData{What: what}); err != nil {
				return err
			}
		}
	}
	return nil
}
