// Package redisstore keeps Sesame's rate-limit counters in Redis, through
// go-redis ([github.com/redis/go-redis/v9]): a [RateStore] for
// [auth.WithRateLimitStore], shared by every instance of the host that
// uses the same Redis database and key prefix. Its directory is
// kvstore/redis, as the module map names it; the package is redisstore so
// that it reads apart from go-redis's package redis, which a host imports
// beside it to make the client.
//
// # Configuration
//
//	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", DialerRetries: 1, MaxRetries: 1,
//		DialTimeout: 500 * time.Millisecond, ReadTimeout: 500 * time.Millisecond}) // see Failures
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL(...), auth.WithPlugins(...),
//		auth.WithRateLimitStore(redisstore.NewRateStore(rdb)))
//
// Options: [WithPrefix] (keys start with [DefaultPrefix] otherwise),
// [FailOpen] and [WithLogger]. The store takes any go-redis client
// ([redis.UniversalClient]): a single server, a Sentinel failover client,
// or a cluster (a counter is one key).
//
// # Storage
//
// The rate store keeps one hash per key and window (prefix + "rate:" +
// the key's SHA-256 in hex: keys hold client addresses and account names,
// which never reach Redis as they are). Each Take is one script run
// atomically, so calls from any number of instances are counted, and
// judged, one after the other, as the database store's row lock does;
// the computation is the core's, fixed or sliding window alike. A counter
// expires two windows after its window began: nothing needs sweeping.
//
// # Failures
//
// A rate store that cannot count a call returns the error, by default:
// the core then fails the operation with internal (500), so that nothing
// rate-limited is let through while Redis is down. The failed-credential
// counter that reports credential stuffing only logs it. With [FailOpen]
// the store allows the call instead and logs the error: rate limits
// lapse, sign-in keeps working.
//
// Either way a call first waits for the client to give up, and
// go-redis's defaults are patient: five dials 100 ms apart (DialerRetries,
// DialerRetryTimeout), each up to DialTimeout (5 s) when the server does
// not answer, and the whole command tried four times (MaxRetries). A
// server that refuses connections costs each request about 1.7 s with
// them. Set those options to what a request can afford, as the example
// does.
package redisstore
