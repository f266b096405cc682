package auth

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// statelessFixture returns an instance that can seal and open stateless
// tokens (no database), and a token's contents.
func statelessFixture(t testing.TB) (*Auth, *statelessToken) {
	keys, err := NewSealer([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	a := &Auth{cfg: &config{stateless: keys, withoutRead: time.Minute}}
	s := &Session{ID: newID(testNow), UserID: newID(testNow), CreatedAt: testNow, LastSeenAt: testNow,
		ExpiresAt: testNow.Add(time.Hour), Credential: "password", Data: json.RawMessage(`{"twoFactorPending":{}}`)}
	return a, &statelessToken{s: s, epoch: 7}
}

// TestStatelessTokenRoundTrip: what a token carries comes back whole, with
// and without the user's snapshot, and a token whose user snapshot names
// another user is refused.
func TestStatelessTokenRoundTrip(t *testing.T) {
	a, tok := statelessFixture(t)
	for _, user := range []*User{nil, {ID: tok.s.UserID, Name: "Ada", CreatedAt: testNow, UpdatedAt: testNow}} {
		tok.user = user
		sealed, err := a.sealStateless(tok)
		if err != nil {
			t.Fatal(err)
		}
		back, err := a.openStateless(sealed)
		if err != nil {
			t.Fatalf("openStateless(sealStateless(%+v)) = %v", tok, err)
		}
		if !reflect.DeepEqual(back, tok) {
			t.Errorf("openStateless(sealStateless(t)) = %+v, want %+v", back, tok)
		}
	}
	tok.user = &User{ID: newID(testNow)}
	plain, err := a.encodeStateless(tok)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.decodeStateless(plain); err == nil {
		t.Error("a token whose user snapshot is another user's decoded")
	}
}

// FuzzStatelessToken: decoding any bytes never panics; an error comes with
// no token; a token decoded encodes to bytes that decode to it again.
func FuzzStatelessToken(f *testing.F) {
	a, tok := statelessFixture(f)
	plain, err := a.encodeStateless(tok)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(plain)
	f.Add(plain[:len(plain)-1])
	tok.user = &User{ID: tok.s.UserID, Name: "Ada"}
	withUser, err := a.encodeStateless(tok)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(withUser)
	f.Add([]byte{})
	f.Add([]byte{statelessVersion, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := a.decodeStateless(b)
		if err != nil {
			if got != nil {
				t.Fatalf("decodeStateless = %+v and %v, want no token with the error", got, err)
			}
			return
		}
		again, err := a.encodeStateless(got)
		if err != nil {
			t.Fatalf("encode a decoded token: %v", err)
		}
		back, err := a.decodeStateless(again)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("decode(encode(%+v)) = %+v, %v; want it back", got, back, err)
		}
	})
}

// FuzzOpenStateless: opening any string as a stateless token never
// panics, and an error comes with no token; the only strings that open
// are sealed tokens.
func FuzzOpenStateless(f *testing.F) {
	a, tok := statelessFixture(f)
	sealed, err := a.sealStateless(tok)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(sealed.Reveal())
	f.Add(sealed.Reveal()[:len(sealed.Reveal())-1])
	f.Add("v1.")
	f.Add("v1.00000000.")
	f.Add(newToken().Reveal())
	f.Fuzz(func(t *testing.T, s string) {
		got, err := a.openStateless(NewSecret(s))
		if err != nil {
			if got != nil {
				t.Fatalf("openStateless(%q) = %+v and %v, want no token with the error", s, got, err)
			}
			return
		}
		if !strings.HasPrefix(s, "v1.") || got.s.ID == "" {
			t.Fatalf("openStateless(%q) opened %+v", s, got)
		}
	})
}

// TestStatelessTokenUnreadableSnapshot: a token whose user snapshot this
// instance cannot read (written by one with other user fields, during a
// deploy) opens without the user, so that the request reads it, rather
// than signing its holder out.
func TestStatelessTokenUnreadableSnapshot(t *testing.T) {
	a, tok := statelessFixture(t)
	tok.user = &User{ID: tok.s.UserID, Fields: map[string]any{"banned": false}} // a field this instance lacks
	sealed, err := a.sealStateless(tok)
	if err != nil {
		t.Fatal(err)
	}
	back, err := a.openStateless(sealed)
	if err != nil || back.user != nil || back.s.ID != tok.s.ID {
		t.Fatalf("openStateless = %+v, %v; want the session without its user", back, err)
	}
}
