// Package redisstore keeps Sesame's rate-limit counters and sessions in
// Redis, through go-redis ([github.com/redis/go-redis/v9]): a
// [RateStore] for [auth.WithRateLimitStore], a [SessionStore] for
// [auth.WithSessionStore] and a [SessionCache] for
// [auth.WithSessionCache], shared by every instance of the host that uses
// the same Redis database and key prefix. Its directory is kvstore/redis,
// as the module map names it; the package is redisstore so that it reads
// apart from go-redis's package redis, which a host imports beside it to
// make the client.
//
// # Configuration
//
//	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", DialerRetries: 1, MaxRetries: 1,
//		DialTimeout: 500 * time.Millisecond, ReadTimeout: 500 * time.Millisecond}) // see Failures
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL(...), auth.WithPlugins(...),
//		auth.WithSessionStore(redisstore.NewSessionStore(rdb)),
//		auth.WithRateLimitStore(redisstore.NewRateStore(rdb)))
//
// Either store works without the other. Options: [WithPrefix] (keys
// start with [DefaultPrefix] otherwise), [FailOpen] and [WithLogger].
// Both stores take any go-redis client ([redis.UniversalClient]): a
// single server, a Sentinel failover client, or a cluster (see below).
//
// # Storage
//
// The rate store keeps one hash per key and window (prefix + "rate:" +
// the key's SHA-256 in hex: keys hold client addresses and account names,
// which never reach Redis as they are). Each Take is one script run
// atomically, so calls from any number of instances are counted, and
// judged, one after the other, as the database store's row lock does;
// the computation is the core's, fixed or sliding window alike. A counter
// expires two windows after its window began.
//
// The session store keeps each session in a hash under the SHA-256 of its
// token (prefix + "session:"), the session's ID pointing at it (prefix +
// "session-id:"), and an index of each user's sessions, a sorted set by
// expiry (prefix + "user-sessions:"). A request's lookup is one HMGET;
// Create, Extend, List and Delete are one script each, so that ending
// every session of a user (an account-security event, or "sign out
// everywhere") cannot miss a session being created or extended at the
// same time. The core loads the session's user from the database, so a
// request costs a round trip to Redis and a query; sessions and their
// refreshes no longer write to the database. Sessions expire by Redis's
// time to live, counted from the instance's clock at creation and at each
// refresh: nothing needs sweeping. Sessions are written at once, outside
// the operation's transaction: the core deletes the sessions of an
// operation that fails, and sessions ended by one that fails stay ended.
//
// # Session cache
//
// A [SessionCache], for [auth.WithSessionCache], keeps resolved sessions
// with their users (prefix + "cache:" and the token's SHA-256), an index
// of each user's entries (prefix + "cache-user:") and the time of the
// user's last drop (prefix + "cache-dropped:"), shared by every instance:
// a sign-out, a revocation or any change an operation makes to a user, on
// any instance, drops the user's entries for all of them. A lookup that
// began before a drop, by up to [ClockMargin], cannot put an entry back.
// It fits in front of any session store, the database's included.
//
// # Revocation list
//
// [Revocations], for [auth.WithSessionRevocations], lists the stateless
// sessions ([auth.WithStatelessSessions]) ended by a sign-out, one key per
// session (prefix + "revoked:" + user ID + ":" + session ID) that expires
// when the session could no longer be live. It fails closed: while Redis
// is down, every request carrying a stateless token answers 500.
//
// # Failures
//
// A session store returns every error of Redis. A request whose session
// cannot be read answers 500 (authhttp logs the error); it is never
// served as signed in, nor as signed out. An operation that cannot write
// its session fails with the code internal.
//
// A rate store that cannot count a call returns the error too, by
// default: the core then fails the operation with internal (500), so
// that nothing rate-limited is let through while Redis is down. The
// failed-credential counter that reports credential stuffing only logs
// it. With [FailOpen] the store allows the call instead and logs the
// error: rate limits lapse, sign-in keeps working.
//
// A session cache fails open to the session store, always: the core reads
// the store when Get fails and logs a failed Put or DropUser. An entry that
// outlives a failed drop (Redis back with its data) lives at most the
// cache's lifetime.
//
// Either way a call first waits for the client to give up, and
// go-redis's defaults are patient: five dials 100 ms apart (DialerRetries,
// DialerRetryTimeout), each up to DialTimeout (5 s) when the server does
// not answer, and the whole command tried four times (MaxRetries). A
// server that refuses connections costs each request about 1.7 s with
// them. Set those options to what a request can afford, as the example
// does.
//
// # Redis Cluster
//
// A rate counter is one key, so the rate store works on a cluster as it
// is. The session store's scripts reach a session's keys and its user's
// index together, and on a cluster those must live in one slot: give it a
// prefix with a hash tag, such as WithPrefix("{sesame}:"), which puts
// every session key on one shard.
//
// # Security
//
// Redis holds no token: only token hashes, which cannot be presented
// instead of a token. It does hold what the session table holds (IP
// addresses, user agents, session data), so protect it as the database.
// Anyone who can write to it can make sessions.
package redisstore
