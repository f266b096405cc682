package test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
)

// space is a client of the test Redis and a key prefix no other test
// uses, whose keys are deleted when the test ends.
type space struct {
	rdb    *redis.Client
	prefix string
}

// newSpace skips the test, or fails it, when no Redis is configured (see
// authtest.RedisURL).
func newSpace(tb testing.TB) *space {
	tb.Helper()
	rdb := newClient(tb)
	var b [6]byte
	rand.Read(b[:])
	sp := &space{rdb: rdb, prefix: "sesame-test:" + hex.EncodeToString(b[:]) + ":"}
	tb.Cleanup(func() {
		ctx := context.Background()
		keys := sp.keys(tb, "*")
		if len(keys) > 0 {
			if err := rdb.Del(ctx, keys...).Err(); err != nil {
				tb.Errorf("delete the test's keys: %v", err)
			}
		}
	})
	return sp
}

// newClient returns a new client of the test Redis, closed when tb ends.
func newClient(tb testing.TB) *redis.Client {
	tb.Helper()
	opt, err := redis.ParseURL(authtest.RedisURL(tb))
	if err != nil {
		tb.Fatalf("%s: %v", authtest.EnvRedis, err)
	}
	rdb := redis.NewClient(opt)
	tb.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		tb.Fatalf("redis at %s: %v", opt.Addr, err)
	}
	return rdb
}

// twin is sp on a client of its own: what another instance of the host
// sees.
func (sp *space) twin(tb testing.TB) *space { return &space{rdb: newClient(tb), prefix: sp.prefix} }

// keys returns the space's keys that match pattern after the prefix.
func (sp *space) keys(tb testing.TB, pattern string) []string {
	tb.Helper()
	var out []string
	iter := sp.rdb.Scan(context.Background(), 0, sp.prefix+pattern, 1000).Iterator()
	for iter.Next(context.Background()) {
		out = append(out, iter.Val())
	}
	if err := iter.Err(); err != nil {
		tb.Fatalf("scan %s%s: %v", sp.prefix, pattern, err)
	}
	return out
}

func (sp *space) rates(opts ...redisstore.Option) *redisstore.RateStore {
	return redisstore.NewRateStore(sp.rdb, append([]redisstore.Option{redisstore.WithPrefix(sp.prefix)}, opts...)...)
}

// newLoginAuth returns a migrated instance on e with authtest's Login
// plugin, which it returns too, and opts.
func newLoginAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) (*auth.Auth, *authtest.Login) {
	tb.Helper()
	l := authtest.NewLogin()
	a, err := auth.New(append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(l)}, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return a, l
}
