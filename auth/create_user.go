package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// NewUser is a person for [Auth.CreateUser] to create, with identifiers.
type NewUser struct {
	// Name and Image are the user's; Name at most 200 characters, Image
	// (a URL) at most 2048 bytes.
	Name  string `json:"name"`
	Image string `json:"image"`
	// Identities are the person's identifiers, given in order with
	// [Call.AddIdentity].
	Identities []NewIdentity `json:"identities"`
}

// NewIdentity is one identifier of a [NewUser]: a kind that a plugin
// provides ("email" ...) and a raw value, normalized as the kind says.
type NewIdentity struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
	// Verified says that the host knows the person holds the identifier
	// (an import from a system that verified it, an address checked by
	// hand): it names the person at once, and drops another person's
	// unverified claim of it. An unverified identifier is a claim like any
	// other (see [Call.WhoIs]): it names the person only while it is their
	// only identity, and another person's claim that names them refuses
	// it.
	Verified bool `json:"verified"`
}

// Limits of a [NewUser].
const (
	maxNewUserName  = 200
	maxNewUserImage = 2048
)

// Validate implements [InputValidator].
func (u NewUser) Validate() error {
	var errs []error
	if utf8.RuneCountInString(u.Name) > maxNewUserName {
		errs = append(errs, fmt.Errorf("name may have at most %d characters", maxNewUserName))
	}
	if len(u.Image) > maxNewUserImage {
		errs = append(errs, fmt.Errorf("image may have at most %d bytes", maxNewUserImage))
	}
	for i, id := range u.Identities {
		if id.Kind == "" || id.Value == "" {
			errs = append(errs, fmt.Errorf("identities[%d] needs a kind and a value", i))
		}
	}
	return errors.Join(errs...)
}

// createUserOp is the server operation behind [Auth.CreateUser].
func (a *Auth) createUserOp() *Op[NewUser, *User] {
	return &Op[NewUser, *User]{Name: OpCreateUser, Writes: true, Codes: []*Error{ErrIdentityTaken},
		Handler: a.handleCreateUser}
}

// handleCreateUser checks every identifier before it writes anything,
// then creates the user and gives them the identifiers; a taken one
// rolls the whole call back.
func (a *Auth) handleCreateUser(ctx context.Context, c *Call, in NewUser) (*User, error) {
	type key struct{ kind, value string }
	values := make([]string, len(in.Identities))
	seen := map[key]bool{}
	for i, id := range in.Identities {
		if _, ok := a.kinds[id.Kind]; !ok {
			return nil, ErrInvalidInput.With(fmt.Sprintf("identities[%d]: no plugin provides the identity kind %q", i, id.Kind))
		}
		v, err := a.Normalize(id.Kind, id.Value)
		if err != nil {
			return nil, ErrInvalidInput.With(fmt.Sprintf("identities[%d]: %s", i, AsError(err).Message))
		}
		if seen[key{id.Kind, v}] {
			return nil, ErrInvalidInput.With(fmt.Sprintf("identities[%d]: the %s %q is given twice", i, id.Kind, v))
		}
		seen[key{id.Kind, v}], values[i] = true, v
	}
	u, err := c.CreateUser(ctx, strings.TrimSpace(in.Name), in.Image)
	if err != nil {
		return nil, err
	}
	for i, id := range in.Identities {
		if _, err := c.AddIdentity(ctx, u.ID, id.Kind, values[i], id.Verified); err != nil {
			return nil, err
		}
	}
	return c.LoadUser(ctx, u.ID) // with what the identity observers wrote
}

// CreateUser creates a person with identifiers, in one transaction with
// the hooks, as a server operation ([OpCreateUser]) that no transport
// serves: for seeding, imports and administration tools. A plugin's part
// follows from the identities: the email plugin makes an email identity
// the primary address. Give a password with the password plugin's
// SetPassword, in the same way.
//
// It answers [ErrIdentityTaken], and creates nothing, when an identifier
// names another person (see [Call.WhoIs]); another person's claim that
// names nobody gives way (see [Call.AddIdentity]). An unknown kind or a
// malformed value is [ErrInvalidInput].
//
// CreateUser does not ask who calls it: that is the host's decision, made
// before the call (an administration page behind the host's own checks,
// a command run by an operator). Made while serving an HTTP request
// (inside authhttp.Middleware), the call carries the request's client,
// and a state-changing browser request passes the CSRF origin check.
func (a *Auth) CreateUser(ctx context.Context, u NewUser) (*User, error) {
	return a.core.createUser.Run(ctx, u)
}
