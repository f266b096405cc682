package passkey

import (
	"crypto/rand"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
)

// webUser is a person as go-webauthn sees them in one ceremony: the user
// handle, the names authenticators show, and the credentials at stake.
type webUser struct {
	handle        []byte
	name, display string
	creds         []webauthn.Credential
}

func (u *webUser) WebAuthnID() []byte                         { return u.handle }
func (u *webUser) WebAuthnName() string                       { return u.name }
func (u *webUser) WebAuthnDisplayName() string                { return u.display }
func (u *webUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// newHandle returns a new user handle: random bytes, which tell nothing
// of the person (WebAuthn §14.6.1). A person keeps one handle for all
// their passkeys, so that an authenticator holds at most one of them.
func newHandle() []byte {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return b
}

// descriptors returns the credential descriptors of records, for the
// exclude and allow lists of ceremonies.
func descriptors(recs []*record) []protocol.CredentialDescriptor {
	out := make([]protocol.CredentialDescriptor, 0, len(recs))
	for _, r := range recs {
		out = append(out, r.cred.Descriptor())
	}
	return out
}
