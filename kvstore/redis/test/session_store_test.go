package test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sesame-go/sesame/auth"
)

// TestSessionStoreAgreesWithMemory runs one story of calls through the
// Redis store and the core's memory store, the reference: every answer
// must be the same, but that Lookup leaves out the device details (IP,
// user agent), as the SessionStore interface allows.
func TestSessionStoreAgreesWithMemory(t *testing.T) {
	sp := newSpace(t)
	stores := []auth.SessionStore{sp.sessions(), auth.NewMemorySessionStore()}
	ctx := context.Background()
	at := func(m int) time.Time { return start.Add(time.Duration(m) * time.Minute) }
	session := func(id, user string, created int, lifetime time.Duration) *auth.Session {
		return &auth.Session{ID: id, UserID: user, CreatedAt: at(created), LastSeenAt: at(created), ExpiresAt: at(created).Add(lifetime),
			IP: "192.0.2.1", UserAgent: "Firefox", Credential: "password", Data: json.RawMessage(`{"n":1.50,"s":"é"}`)}
	}
	hash := func(id string) []byte { return []byte("token hash of " + id + "......................")[:32] }
	lean := cmpopts.IgnoreFields(auth.Session{}, "IP", "UserAgent")

	type step struct {
		name string
		do   func(s auth.SessionStore) (any, error)
		opts []cmp.Option
	}
	create := func(ses *auth.Session) step {
		return step{"create " + ses.ID, func(s auth.SessionStore) (any, error) {
			c := *ses
			return nil, s.Create(ctx, nil, &c, hash(ses.ID))
		}, nil}
	}
	lookup := func(id string, now int) step {
		return step{"lookup " + id, func(s auth.SessionStore) (any, error) {
			ses, u, err := s.Lookup(ctx, nil, hash(id), at(now))
			if u != nil {
				t.Errorf("Lookup returned a user")
			}
			return ses, err
		}, []cmp.Option{lean}}
	}
	list := func(user string, now int) step {
		return step{"list " + user, func(s auth.SessionStore) (any, error) { return s.List(ctx, nil, user, at(now)) }, nil}
	}
	del := func(user, keep string, ids ...string) step {
		return step{"delete " + user, func(s auth.SessionStore) (any, error) { return s.Delete(ctx, nil, user, keep, ids...) }, nil}
	}
	extend := func(id string, expires, seen int) step {
		return step{"extend " + id, func(s auth.SessionStore) (any, error) { return nil, s.Extend(ctx, nil, id, at(expires), at(seen)) }, nil}
	}
	// Time moves forward, and no session is deleted once it expired: the
	// Redis store deletes the expired sessions of a user it lists, the
	// memory store keeps them to its sweep, and Delete counts them.
	story := []step{
		create(session("a1", "ada", 0, time.Hour)),
		create(session("a2", "ada", 1, time.Hour)),
		create(session("a3", "ada", 1, time.Hour)), // created in the same instant: the ID orders
		create(session("g1", "grace", 2, 2*time.Hour)),
		lookup("a1", 10), lookup("g1", 10), lookup("nobody", 10),
		list("ada", 10), list("grace", 10), list("nobody", 10),
		extend("a2", 90, 30), lookup("a2", 30), list("ada", 30),
		del("ada", "", "g1"), lookup("g1", 30), // another user's session is not ada's to delete
		del("ada", "a2"), // all but a2
		list("ada", 30), lookup("a3", 30),
		extend("a3", 200, 30), lookup("a3", 30), list("ada", 30), // a deleted session stays deleted
		create(session("a4", "ada", 31, time.Hour)),
		lookup("a2", 61), lookup("a4", 61), // a2 lives on, extended
		list("ada", 90), lookup("a2", 90), // a2 expired at its new expiry
		del("ada", "", "a4", "a9"), list("ada", 90),
		del("grace", ""), list("grace", 90),
		del("nobody", ""),
	}
	for i, st := range story {
		got, gotErr := st.do(stores[0])
		want, wantErr := st.do(stores[1])
		if gotErr != nil || wantErr != nil {
			t.Fatalf("step %d, %s: Redis store error %v, memory store error %v", i, st.name, gotErr, wantErr)
		}
		if diff := cmp.Diff(want, got, st.opts...); diff != "" {
			t.Errorf("step %d, %s: Redis store differs from the memory store (-memory +redis):\n%s", i, st.name, diff)
		}
	}
	if keys := sp.keys(t, "*"); len(keys) != 0 {
		t.Errorf("keys left after every session was deleted: %q", keys)
	}
}

// TestSessionKeys: a session lives in Redis exactly as long as it has
// left, counted from the instance's clock (here a day behind Redis's);
// it and its index go by themselves when it expires; the keys hold the
// token's hash, never the token.
func TestSessionKeys(t *testing.T) {
	sp := newSpace(t)
	store := sp.sessions()
	ctx := context.Background()
	now := time.Now().Add(-24 * time.Hour)
	ses := &auth.Session{ID: "s1", UserID: "u1", CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(400 * time.Millisecond),
		Credential: "password", Data: json.RawMessage("{}")}
	if err := store.Create(ctx, nil, ses, make([]byte, 32)); err != nil {
		t.Fatal(err)
	}
	keys := sp.keys(t, "*")
	want := []string{sp.prefix + "session:" + "0000000000000000000000000000000000000000000000000000000000000000",
		sp.prefix + "session-id:s1", sp.prefix + "user-sessions:u1"}
	if diff := cmp.Diff(want, keys, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Fatalf("keys (-want +got):\n%s", diff)
	}
	for _, k := range keys {
		if ttl := sp.rdb.PTTL(ctx, k).Val(); ttl <= 0 || ttl > 400*time.Millisecond {
			t.Errorf("PTTL(%s) = %v, want in (0, 400ms]", k, ttl)
		}
	}
	deadline := time.Now().Add(3 * time.Second)
	for len(sp.keys(t, "*")) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("keys still there 3s after the session expired: %q", sp.keys(t, "*"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
