package auth

import (
	"encoding/binary"
	"strings"
	"time"
)

// statelessContext is the additional data every stateless token is sealed
// with: a value the same keys sealed for anything else (a snapshot cookie,
// a plugin's secret) never opens as a session, and a stateless token never
// opens as one of those. A token of the database store (43 base64url
// characters, no dot) never has the sealed form, and a stateless token
// never has the form of a database token, so neither is taken for the
// other.
const statelessContext = "sesame-stateless-session:v1"

// maxStatelessToken is the longest stateless token opened: longer ones are
// refused before any decoding. A cookie holds at most about 4 000 bytes;
// bearer tokens may be longer, up to this.
const maxStatelessToken = 8 << 10

// maxSnapshotToken is the longest token that carries its user's snapshot:
// past it, the token leaves the user out, so that it fits in a cookie,
// and requests read the user ([WithStatelessRefreshWithoutRead]).
const maxSnapshotToken = 3800

// statelessVersion is the first byte of a stateless token's plain text.
const statelessVersion = 1

// statelessToken is what a stateless token carries: the session, the
// user's session epoch when it was issued, and, for refreshes without a
// read, the user as of then.
type statelessToken struct {
	s     *Session
	epoch int64
	user  *User
}

// encode writes the token's plain text.
func (a *Auth) encodeStateless(t *statelessToken) ([]byte, error) {
	s := t.s
	b := make([]byte, 0, 192+len(s.Data))
	b = append(b, statelessVersion)
	b = binary.AppendVarint(b, t.epoch)
	for _, str := range []string{s.ID, s.UserID, s.Credential, string(s.Data), s.ImpersonatorID} {
		b = appendString(b, str)
	}
	for _, tm := range []time.Time{s.CreatedAt, s.ExpiresAt, s.LastSeenAt} {
		b = appendTime(b, tm)
	}
	if t.user == nil {
		return append(b, 0), nil
	}
	snap, err := a.EncodeSession(s, t.user)
	if err != nil {
		return nil, err
	}
	return appendString(append(b, 1), string(snap)), nil
}

// decodeStateless reads what encodeStateless wrote; any other bytes are
// an error.
func (a *Auth) decodeStateless(b []byte) (*statelessToken, error) {
	d := newDecoder(b)
	if d.byte() != statelessVersion {
		return nil, errEncoding
	}
	t := &statelessToken{s: &Session{}, epoch: d.varint()}
	s := t.s
	var data string
	for _, p := range []*string{&s.ID, &s.UserID, &s.Credential, &data, &s.ImpersonatorID} {
		*p = d.string()
	}
	s.Data = []byte(data)
	for _, p := range []*time.Time{&s.CreatedAt, &s.ExpiresAt, &s.LastSeenAt} {
		*p = d.time()
	}
	switch d.byte() {
	case 0:
	case 1:
		snap := d.string()
		if d.err != nil {
			return nil, d.err
		}
		// A snapshot this instance cannot read (a plugin that adds user
		// fields was deployed since) is left out: the request reads the
		// user instead of signing anyone out.
		if _, u, err := a.DecodeSession([]byte(snap)); err == nil {
			if u.ID != s.UserID {
				return nil, errEncoding
			}
			t.user = u
		}
	default:
		return nil, errEncoding
	}
	if d.err != nil || len(d.b) != 0 || s.ID == "" || s.UserID == "" {
		return nil, errEncoding
	}
	return t, nil
}

// sealStateless makes the token of t, with the user's snapshot when it
// fits in a cookie.
func (a *Auth) sealStateless(t *statelessToken) (Secret, error) {
	for {
		plain, err := a.encodeStateless(t)
		if err != nil {
			return Secret{}, err
		}
		sealed, err := a.cfg.stateless.Seal(string(plain), statelessContext)
		if err != nil {
			return Secret{}, err
		}
		if t.user != nil && len(sealed) > maxSnapshotToken {
			t.user = nil // too big for a cookie with it: requests read the user
			continue
		}
		return NewSecret(sealed), nil
	}
}

// openStateless opens a stateless token: [ErrInvalidToken] when it has
// not the form of one, and ErrUnsealable when no key opens it (altered,
// sealed with a dropped key or for another purpose) or what it holds is
// not a token this instance wrote.
func (a *Auth) openStateless(token Secret) (*statelessToken, error) {
	raw := token.Reveal()
	if len(raw) > maxStatelessToken || !strings.HasPrefix(raw, "v1.") {
		return nil, ErrInvalidToken
	}
	// open reads the base64 strictly: one spelling per token.
	plain, err := a.cfg.stateless.open(raw, statelessContext)
	if err != nil {
		return nil, ErrUnsealable
	}
	t, err := a.decodeStateless(plain)
	if err != nil {
		return nil, ErrUnsealable
	}
	return t, nil
}
