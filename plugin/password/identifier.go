package password

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/username"
)

// identifier is what a sign-in names a person by: a value, and the kinds
// it may be, in the order they are tried.
type identifier struct {
	kinds []string
	value string
}

// identifierOf returns the identifier of a sign-in, or ErrInvalidInput
// for a kind the plugin does not sign in with.
func (p *Plugin) identifierOf(r SignInRequest) (identifier, error) {
	id := identifier{kinds: p.kinds, value: r.Identifier}
	switch {
	case r.Email != "":
		id = identifier{[]string{email.Kind}, r.Email}
	case r.Username != "":
		id = identifier{[]string{username.Kind}, r.Username}
	case r.Kind != "":
		id.kinds = []string{r.Kind}
	}
	for _, k := range id.kinds {
		if !slices.Contains(p.kinds, k) {
			return identifier{}, auth.ErrInvalidInput.With("this app has no sign-in by " + k)
		}
	}
	return id, nil
}

// lookup returns the identity through which the identifier names a
// person ([auth.Call.WhoIs]), trying its kinds in order; a value that is
// not of a kind, or names nobody, goes on to the next.
// [auth.ErrIdentityNotFound] when it names nobody.
func lookup(ctx context.Context, c *auth.Call, id identifier) (*auth.Identity, error) {
	for _, k := range id.kinds {
		found, err := c.WhoIs(ctx, k, id.value)
		switch {
		case err == nil:
			return found, nil
		case !errors.Is(err, auth.ErrIdentityNotFound) && !errors.Is(err, auth.ErrInvalidInput):
			return nil, err
		}
	}
	return nil, auth.ErrIdentityNotFound
}

// accountKeys key a sign-in's per-account rate limit: the normalized
// value by each of its kinds it is well-formed for (an address as it
// always was, other kinds prefixed with theirs), so that spellings of one
// name share a count whichever kind reads them: a phone number typed with
// dashes is one username and, by the phone kind, the same number as
// without (found in review).
func (p *Plugin) accountKeys(id identifier) []string {
	var keys []string
	for _, k := range id.kinds {
		if v, err := p.a.Normalize(k, id.value); err == nil {
			if k == email.Kind {
				keys = append(keys, v)
			} else {
				keys = append(keys, k+":"+v)
			}
		}
	}
	if len(keys) == 0 {
		keys = append(keys, strings.ToLower(strings.TrimSpace(id.value)))
	}
	return keys
}

// wrongCredentials is ErrInvalidCredentials with a message that names the
// kinds of identifier the sign-in could be: it depends on the request
// only, never on what the identifier names.
func wrongCredentials(id identifier) *auth.Error {
	if len(id.kinds) == 1 && id.kinds[0] == email.Kind {
		return ErrInvalidCredentials
	}
	return ErrInvalidCredentials.With("wrong " + strings.Join(id.kinds, ", ") + " or password")
}
