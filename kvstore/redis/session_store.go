package redisstore

import (
	"context"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// SessionStore keeps sessions in Redis, for [auth.WithSessionStore]:
// shared by every instance that uses the same Redis and prefix, each
// request's lookup one round trip to Redis (the core then loads the user
// from the database). Sessions expire on their own, by Redis's time to
// live. Make one with [NewSessionStore].
type SessionStore struct {
	c   redis.UniversalClient
	cfg config
}

var _ auth.SessionStore = (*SessionStore)(nil)

// NewSessionStore returns a session store on c. Every error of Redis is
// returned: a request whose session cannot be read answers 500, and an
// operation that cannot write a session fails. [FailOpen] does not apply.
func NewSessionStore(c redis.UniversalClient, opts ...Option) *SessionStore {
	return &SessionStore{c: c, cfg: newConfig(opts)}
}

// The scripts that change sessions: each runs atomically, in one round
// trip. See the .lua files.
var (
	//go:embed session_create.lua
	createSource string
	//go:embed session_extend.lua
	extendSource string
	//go:embed session_list.lua
	listSource string
	//go:embed session_delete.lua
	deleteSource string

	createScript = redis.NewScript(createSource)
	extendScript = redis.NewScript(extendSource)
	listScript   = redis.NewScript(listSource)
	deleteScript = redis.NewScript(deleteSource)
)

// The fields of a session's hash. Times are Unix nanoseconds.
const (
	fieldID           = "id"
	fieldUser         = "user"
	fieldCreated      = "created"
	fieldExpires      = "expires"
	fieldSeen         = "seen"
	fieldIP           = "ip"
	fieldUserAgent    = "ua"
	fieldCredential   = "cred"
	fieldData         = "data"
	fieldImpersonator = "imp"
)

// leanFields are what Lookup reads: all but the device details, which
// only lists show.
var leanFields = []string{fieldID, fieldUser, fieldCreated, fieldExpires, fieldSeen, fieldCredential, fieldData, fieldImpersonator}

func (s *SessionStore) sessionKey(hash string) string { return s.cfg.prefix + "session:" + hash }
func (s *SessionStore) idKey(id string) string        { return s.cfg.prefix + "session-id:" + id }
func (s *SessionStore) userKey(user string) string    { return s.cfg.prefix + "user-sessions:" + user }

// ttl is the time to live of a session that expires at expires, seen at
// now: counted from the instance's clock rather than set as an instant,
// so that a clock apart from Redis's (or a test's clock) neither keeps a
// session longer nor drops it sooner. At least a millisecond: Redis
// refuses less.
func ttl(expires, now time.Time) int64 { return max(expires.Sub(now).Milliseconds(), 1) }

// Create implements [auth.SessionStore]. It writes at once, outside the
// operation's transaction; the core deletes the sessions of an operation
// that fails. The time to live counts from the session's LastSeenAt, its
// creation.
func (s *SessionStore) Create(ctx context.Context, _ *sqlb.DB, ses *auth.Session, tokenHash []byte) error {
	hash := hex.EncodeToString(tokenHash)
	args := []any{s.cfg.prefix, ttl(ses.ExpiresAt, ses.LastSeenAt), ses.ExpiresAt.UnixMicro(), ses.LastSeenAt.UnixMicro(), hash, ses.ID,
		fieldID, ses.ID, fieldUser, ses.UserID,
		fieldCreated, ses.CreatedAt.UnixNano(), fieldExpires, ses.ExpiresAt.UnixNano(), fieldSeen, ses.LastSeenAt.UnixNano(),
		fieldIP, ses.IP, fieldUserAgent, ses.UserAgent, fieldCredential, ses.Credential, fieldData, string(ses.Data),
		fieldImpersonator, ses.ImpersonatorID}
	keys := []string{s.sessionKey(hash), s.idKey(ses.ID), s.userKey(ses.UserID)}
	if err := createScript.Run(ctx, s.c, keys, args...).Err(); err != nil {
		return fmt.Errorf("redisstore: create a session: %w", err)
	}
	return nil
}

// Lookup implements [auth.SessionStore]: one HMGET. It returns no user,
// which the core then loads from the database, and leaves the device
// details out.
func (s *SessionStore) Lookup(ctx context.Context, _ *auth.Auth, tokenHash []byte, now time.Time) (*auth.Session, *auth.User, error) {
	v, err := s.c.HMGet(ctx, s.sessionKey(hex.EncodeToString(tokenHash)), leanFields...).Result()
	if err != nil {
		return nil, nil, fmt.Errorf("redisstore: look up a session: %w", err)
	}
	if v[0] == nil {
		return nil, nil, nil
	}
	f := make(map[string]string, len(leanFields))
	for i, name := range leanFields {
		if str, ok := v[i].(string); ok {
			f[name] = str
		}
	}
	ses, err := decode(f)
	if err != nil {
		return nil, nil, err
	}
	if !ses.ExpiresAt.After(now) {
		return nil, nil, nil
	}
	return ses, nil, nil
}

// Extend implements [auth.SessionStore]. The time to live counts from
// seen.
func (s *SessionStore) Extend(ctx context.Context, _ *sqlb.DB, id string, expires, seen time.Time) error {
	err := extendScript.Run(ctx, s.c, []string{s.idKey(id)}, s.cfg.prefix, expires.UnixNano(), seen.UnixNano(),
		ttl(expires, seen), expires.UnixMicro(), id).Err()
	if err != nil {
		return fmt.Errorf("redisstore: extend a session: %w", err)
	}
	return nil
}

// List implements [auth.SessionStore]: one round trip, which also
// deletes the user's sessions that expired.
func (s *SessionStore) List(ctx context.Context, _ *sqlb.DB, userID string, now time.Time) ([]*auth.Session, error) {
	rows, err := listScript.Run(ctx, s.c, []string{s.userKey(userID)}, s.cfg.prefix, now.UnixMicro()).Slice()
	if err != nil {
		return nil, fmt.Errorf("redisstore: list sessions: %w", err)
	}
	var out []*auth.Session
	for _, row := range rows {
		pairs, _ := row.([]any)
		f := make(map[string]string, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			k, _ := pairs[i].(string)
			v, _ := pairs[i+1].(string)
			f[k] = v
		}
		ses, err := decode(f)
		if err != nil {
			return nil, err
		}
		if ses.UserID == userID && ses.ExpiresAt.After(now) {
			out = append(out, ses)
		}
	}
	slices.SortFunc(out, func(a, b *auth.Session) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// Delete implements [auth.SessionStore]: one script, so that ending every
// session of a user (an account-security event) leaves none behind, even
// one being created or extended meanwhile. It writes at once, outside the
// operation's transaction: a rollback brings no session back, which errs
// on the safe side.
func (s *SessionStore) Delete(ctx context.Context, _ *sqlb.DB, userID, keep string, ids ...string) (int64, error) {
	args := make([]any, 0, 3+len(ids))
	args = append(args, s.cfg.prefix, userID, keep)
	for _, id := range ids {
		args = append(args, id)
	}
	n, err := deleteScript.Run(ctx, s.c, []string{s.userKey(userID)}, args...).Int64()
	if err != nil {
		return 0, fmt.Errorf("redisstore: delete sessions: %w", err)
	}
	return n, nil
}

// Sweep implements [auth.SessionStore]. It has nothing to do: sessions
// expire by their time to live, and each user's index drops its expired
// entries whenever that user signs in or lists their sessions, and
// expires itself after its last session.
func (s *SessionStore) Sweep(context.Context, *sqlb.DB, time.Time) (int64, error) { return 0, nil }

// decode makes a session of a hash's fields.
func decode(f map[string]string) (*auth.Session, error) {
	var times [3]time.Time
	for i, name := range []string{fieldCreated, fieldExpires, fieldSeen} {
		ns, err := strconv.ParseInt(f[name], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("redisstore: session %q: field %s: %w", f[fieldID], name, err)
		}
		times[i] = time.Unix(0, ns).UTC()
	}
	return &auth.Session{ID: f[fieldID], UserID: f[fieldUser], CreatedAt: times[0], ExpiresAt: times[1], LastSeenAt: times[2],
		IP: f[fieldIP], UserAgent: f[fieldUserAgent], Credential: f[fieldCredential], Data: json.RawMessage(f[fieldData]),
		ImpersonatorID: f[fieldImpersonator]}, nil
}
