// Package test holds the tests of package redisstore
// (github.com/sesame-go/sesame/kvstore/redis) that need a Redis server and
// authtest: the rate store's exactness under concurrency and its
// agreement with the core's computation, the session store through the
// core on every engine of authtest and through the conformance suite,
// two instances and two processes sharing one Redis, what a Redis that is
// down does to requests, and the benchmarks against the database stores.
// They run when SESAME_TEST_REDIS holds a Redis URL and are skipped
// otherwise (see authtest.RedisURL).
//
// It is a module of its own because authtest requires every database
// driver: were these tests in kvstore/redis, its go.mod would list
// authtest, and a program keeping sessions in Redis would find pgx and
// the MySQL driver in its module graph. It holds tests only.
package test
