package redisstore_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// Sessions and rate limits in Redis, users and everything else in the
// host's database. It needs a live Redis and database, so it is only
// compiled.
func Example() {
	var db *sql.DB // the host's database, opened with its driver
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379",
		// What a request waits, at most, for a Redis that is down: go-redis's
		// defaults retry dials and commands for seconds.
		DialTimeout: 500 * time.Millisecond, DialerRetries: 1, ReadTimeout: 500 * time.Millisecond, MaxRetries: 1})
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://app.example/auth"),
		auth.WithPlugins(email.New(email.WithSender(nil))),
		auth.WithSessionStore(redisstore.NewSessionStore(rdb)),
		auth.WithRateLimitStore(redisstore.NewRateStore(rdb)))
	if err != nil {
		log.Fatal(err)
	}
	_ = a
}

// FailOpen lets calls through when Redis cannot count them; without it,
// the store answers the error, which fails the operation. Here no Redis
// listens on the port.
func ExampleFailOpen() {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1})
	defer rdb.Close()
	quiet := slog.New(slog.DiscardHandler)
	rule := auth.RateRule{Limit: 5, Window: time.Minute}
	ctx := context.Background()

	_, err := redisstore.NewRateStore(rdb).Take(ctx, "ip\x00password.signIn\x00192.0.2.1", rule, time.Now())
	fmt.Println("closed: error:", err != nil)
	res, err := redisstore.NewRateStore(rdb, redisstore.FailOpen(), redisstore.WithLogger(quiet)).
		Take(ctx, "ip\x00password.signIn\x00192.0.2.1", rule, time.Now())
	fmt.Println("open: allowed:", res.Allowed, "error:", err)
	// Output:
	// closed: error: true
	// open: allowed: true error: <nil>
}

// WithPrefix keeps two applications' keys apart on one Redis; on a
// cluster, a hash tag keeps a session store's keys in one slot.
func ExampleWithPrefix() {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"10.0.0.1:6379", "10.0.0.2:6379"}})
	sessions := redisstore.NewSessionStore(rdb, redisstore.WithPrefix("{shop}:"))
	rates := redisstore.NewRateStore(rdb, redisstore.WithPrefix("shop:"))
	_, _ = sessions, rates
}

// A session cache in Redis in front of the database's sessions: a
// request whose session is cached costs one GET and no query, and a
// sign-out on any instance drops the entry for all of them. It needs a
// live Redis and database, so it is only compiled.
func ExampleNewSessionCache() {
	var db *sql.DB // the host's database, opened with its driver
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379",
		DialTimeout: 500 * time.Millisecond, DialerRetries: 1, ReadTimeout: 500 * time.Millisecond, MaxRetries: 1})
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://app.example/auth"),
		auth.WithPlugins(email.New(email.WithSender(nil))),
		auth.WithSessionCache(redisstore.NewSessionCache(rdb), time.Minute))
	if err != nil {
		log.Fatal(err)
	}
	_ = a
}

// A revocation list of stateless sessions in Redis: a sign-out on any
// instance ends the token on all of them. It fails closed: while Redis is
// down, requests that carry a stateless token answer 500.
func ExampleNewRevocations() {
	var db *sql.DB // the host's database, opened with its driver
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379",
		DialTimeout: 500 * time.Millisecond, DialerRetries: 1, ReadTimeout: 500 * time.Millisecond, MaxRetries: 1})
	keys, err := auth.NewSealer(make([]byte, 32)) // a key from the host's secret store
	if err != nil {
		log.Fatal(err)
	}
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://app.example/auth"),
		auth.WithPlugins(email.New(email.WithSender(nil))),
		auth.WithStatelessSessions(keys),
		auth.WithSessionRevocations(redisstore.NewRevocations(rdb)))
	if err != nil {
		log.Fatal(err)
	}
	_ = a
}
