package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// plan is what a verified callback will do, decided by reads alone so
// that a refusal leaves nothing written.
type plan struct {
	// userID is the person signed in or linked to; empty for a new account.
	userID string
	// identity is the provider account's identity when it exists already.
	identity *auth.Identity
	// email is a provider-verified address to give a new account.
	email string
	link  bool
}

// decide chooses between signing in, making a new account and linking,
// as the package documentation's "Accounts" section says: an address that
// names a person is never joined.
func (p *Plugin) decide(ctx context.Context, c *auth.Call, res *verified) (*plan, error) {
	kind := res.provider.Kind()
	id, err := c.WhoIs(ctx, kind, res.info.Subject)
	if err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
		return nil, err
	}
	if uid := res.state.UserID; uid != "" { // a link
		if u := c.User(); u != nil && u.ID != uid {
			return nil, ErrInvalidState.With("the link was started by another person")
		}
		if id != nil {
			if id.UserID != uid {
				return nil, ErrLinkedElsewhere
			}
			return &plan{userID: uid, identity: id, link: true}, nil
		}
		if err := p.checkNotLinked(ctx, c, uid, kind); err != nil {
			return nil, err
		}
		return &plan{userID: uid, link: true}, nil
	}
	if id != nil {
		return &plan{userID: id.UserID, identity: id}, nil
	}
	mail, ok := email.From(p.a)
	if !ok || res.info.Email == "" {
		return &plan{}, nil
	}
	addr, err := email.Normalize(res.info.Email)
	if err != nil {
		return &plan{}, nil // an address the email plugin cannot take: ignored
	}
	_, err = mail.Lookup(ctx, c, addr)
	switch {
	case errors.Is(err, auth.ErrIdentityNotFound):
		if res.info.EmailVerified {
			return &plan{email: addr}, nil // another person's unverified claim gives way
		}
		return &plan{}, nil // an unverified address is not kept
	case err != nil:
		return nil, err
	}
	// The address names a person. Sign-in never links: that person signs
	// in their own way and links the provider from a fresh session.
	return nil, ErrAccountExists
}

func (p *Plugin) checkNotLinked(ctx context.Context, c *auth.Call, userID, kind string) error {
	mine, err := c.Identities(ctx, userID, kind)
	if err != nil {
		return err
	}
	if len(mine) > 0 {
		return ErrAlreadyLinked
	}
	return nil
}

// accountData is kept with the provider identity, for the accounts list.
type accountData struct {
	Email    string `json:"email,omitempty"`
	Name     string `json:"name,omitempty"`
	Username string `json:"username,omitempty"`
}

// apply carries out a plan. Any error rolls the whole callback back.
func (p *Plugin) apply(ctx context.Context, c *auth.Call, res *verified, pl *plan) (SignedIn, error) {
	pr := res.provider
	out := SignedIn{Provider: pr.name}
	uid := pl.userID
	if uid == "" {
		u, err := c.CreateUser(ctx, res.info.Name, res.info.Picture)
		if err != nil {
			return out, err
		}
		uid, out.Created = u.ID, true
		if pl.email != "" {
			// The email plugin makes it the primary address.
			if _, err := c.AddIdentity(ctx, uid, email.Kind, pl.email, true); err != nil {
				return out, err
			}
		}
	}
	id := pl.identity
	if id == nil {
		var err error
		if id, err = c.AddIdentity(ctx, uid, pr.Kind(), res.info.Subject, true); err != nil {
			return out, err
		}
		out.Linked = !out.Created
	}
	d := accountData{Email: res.info.Email, Name: res.info.Name, Username: res.info.Username}
	if pl.identity != nil {
		// Keep what this sign-in lacks: Apple sends the name with the
		// first authorization only.
		var old accountData
		json.Unmarshal([]byte(pl.identity.Data), &old) // written by this plugin; empty if not
		for _, f := range []struct{ dst, src *string }{{&d.Email, &old.Email}, {&d.Name, &old.Name}, {&d.Username, &old.Username}} {
			if *f.dst == "" {
				*f.dst = *f.src
			}
		}
	}
	data, err := json.Marshal(d)
	if err != nil {
		return out, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Update(auth.Identities).Set(auth.IdentityData.Set(string(data))).
		Where(auth.IdentityID.Eq(id.ID))); err != nil {
		return out, err
	}
	if err := p.storeTokens(ctx, c.DB(), uid, pr, res.info.Subject, *res.tokens); err != nil {
		return out, err
	}
	if pl.link {
		c.EmitCommitted(EventLinked, pr.name) // only a link that happened
	} else {
		s, token, err := c.StartSession(ctx, uid, pr.Kind())
		if err != nil {
			return out, err
		}
		out.Session, out.Token = s, token
	}
	u, err := c.LoadUser(ctx, uid)
	if err != nil {
		return out, err
	}
	out.User = u
	return out, nil
}

// handleUnlink removes the caller's account of a provider, unless no
// other way to sign in would be left: another verified identity of a
// sign-in kind (a verified email address, which email codes and passwords
// sign in with, another provider's account ...).
func (p *Plugin) handleUnlink(ctx context.Context, c *auth.Call, in ProviderRequest) (auth.Empty, error) {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return auth.Empty{}, err
	}
	uid := c.User().ID
	all, err := c.Identities(ctx, uid, pr.Kind())
	if err != nil {
		return auth.Empty{}, err
	}
	if len(all) == 0 {
		return auth.Empty{}, ErrNotLinked
	}
	if err := c.RemoveSignIn(ctx, uid, all[0].ID); errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, ErrNotLinked // a concurrent unlink won
	} else if err != nil {
		return auth.Empty{}, err
	}
	c.EmitCommitted(EventUnlinked, pr.name)
	return auth.Empty{}, nil
}

func (p *Plugin) handleAccounts(ctx context.Context, c *auth.Call, _ auth.Empty) (Accounts, error) {
	out := Accounts{Accounts: []Account{}}
	for _, pr := range p.order {
		ids, err := c.Identities(ctx, c.User().ID, pr.Kind())
		if err != nil {
			return Accounts{}, err
		}
		for _, id := range ids {
			var d accountData
			json.Unmarshal([]byte(id.Data), &d) // written by this plugin; empty if not
			out.Accounts = append(out.Accounts, Account{Provider: pr.name, Subject: id.Value, Email: d.Email,
				Name: d.Name, Username: d.Username, LinkedAt: id.CreatedAt})
		}
	}
	return out, nil
}

// IdentityVerified implements [auth.IdentityObserver]; the plugin has
// nothing to do when an identity is verified.
func (p *Plugin) IdentityVerified(context.Context, *auth.Call, *auth.Identity) error { return nil }

// IdentityRemoved implements [auth.IdentityObserver]: a provider account
// that leaves a person, by an unlink or the undo link of the notice of its
// linking, takes its stored tokens with it.
func (p *Plugin) IdentityRemoved(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	name, ok := strings.CutPrefix(id.Kind, "oauth:")
	if !ok {
		return nil
	}
	_, err := c.DB().Exec(ctx, sqlb.Delete(Tokens).Where(sqlb.And(TokenUserID.Eq(id.UserID), TokenProvider.Eq(name))))
	return err
}
