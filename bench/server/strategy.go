package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
)

// Strategies are the session strategies the Sesame server runs with, by
// the name loadbench serve's -strategy flag takes: the database alone, and
// each cache in front of it, the Redis store, and stateless tokens, which
// read the user per request or, within the longest window
// ([auth.MaxStatelessRefreshWithoutRead]), nothing. "redis-store" keeps
// sessions in the Redis store with the Redis cache in front, the
// configuration that answers a request with no database query (the store
// alone still reads the user from the database).
var Strategies = []string{"database", "memory", "snapshot", "compact", "redis", "redis-store", "stateless", "stateless-noread"}

// RedisPrefix starts every key the benchmark writes to Redis: a run
// deletes only keys under it.
const RedisPrefix = "sesame_bench:"

// RedisURL is the Redis the benchmark's Redis strategies use:
// $SESAME_BENCH_REDIS, by default database 15 of a local Redis.
func RedisURL() string {
	if v := os.Getenv("SESAME_BENCH_REDIS"); v != "" {
		return v
	}
	return "redis://127.0.0.1:6379/15"
}

// Strategy returns the options of the Sesame server for a strategy of
// [Strategies]. The caches keep sessions for [auth.MaxSessionCacheTTL], so
// that the cookies a run collected at its start stay current for a whole
// run; the cookie-carried caches sign or seal with a key of the process's
// own, the Redis ones use redisURL under [RedisPrefix] and name, and
// delete the keys there first. close releases the Redis client.
func Strategy(ctx context.Context, strategy, name, redisURL string) (opts []auth.Option, close func() error, err error) {
	close = func() error { return nil }
	ttl := auth.MaxSessionCacheTTL
	key := make([]byte, 32)
	rand.Read(key)
	switch strategy {
	case "", "database":
		return nil, close, nil
	case "memory":
		return []auth.Option{auth.WithSessionCache(auth.NewMemorySessionCache(), ttl)}, close, nil
	case "snapshot":
		keys, err := auth.NewSealer(key)
		if err != nil {
			return nil, nil, err
		}
		return []auth.Option{auth.WithSessionCache(authhttp.NewSnapshotCache(keys), ttl)}, close, nil
	case "compact":
		c, err := authhttp.NewCompactCache(auth.NewSecret(base64.RawURLEncoding.EncodeToString(key)))
		if err != nil {
			return nil, nil, err
		}
		return []auth.Option{auth.WithSessionCache(c, ttl)}, close, nil
	case "stateless", "stateless-noread":
		keys, err := auth.NewSealer(key)
		if err != nil {
			return nil, nil, err
		}
		opts := []auth.Option{auth.WithStatelessSessions(keys)}
		if strategy == "stateless-noread" {
			opts = append(opts, auth.WithStatelessRefreshWithoutRead(auth.MaxStatelessRefreshWithoutRead))
		}
		return opts, close, nil
	case "redis", "redis-store":
		rdb, err := OpenRedis(ctx, redisURL)
		if err != nil {
			return nil, nil, err
		}
		prefix := RedisPrefix + name + ":"
		if err := FlushRedis(ctx, rdb, prefix); err != nil {
			rdb.Close()
			return nil, nil, err
		}
		opts := []auth.Option{auth.WithSessionCache(redisstore.NewSessionCache(rdb, redisstore.WithPrefix(prefix)), ttl)}
		if strategy == "redis-store" {
			opts = append(opts, auth.WithSessionStore(redisstore.NewSessionStore(rdb, redisstore.WithPrefix(prefix))))
		}
		return opts, rdb.Close, nil
	}
	return nil, nil, fmt.Errorf("server: no session strategy %q (want one of %v)", strategy, Strategies)
}

// OpenRedis connects to the Redis of url and checks that it answers.
func OpenRedis(ctx context.Context, url string) (*redis.Client, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("server: redis %s: %w", url, err)
	}
	rdb := redis.NewClient(opt)
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		return nil, fmt.Errorf("server: redis: %w", err)
	}
	return rdb, nil
}

// FlushRedis deletes the keys under prefix, and no other.
func FlushRedis(ctx context.Context, rdb *redis.Client, prefix string) error {
	iter := rdb.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	for iter.Next(ctx) {
		if err := rdb.Del(ctx, iter.Val()).Err(); err != nil {
			return err
		}
	}
	return iter.Err()
}
