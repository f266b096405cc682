package authtest

import (
	"os"
	"slices"
	"testing"
)

// EnvRedis holds the URL of a Redis server for tests of stores on Redis,
// such as redis://127.0.0.1:6379/0.
const EnvRedis = "SESAME_TEST_REDIS"

// RedisURL returns the URL of the Redis server [EnvRedis] names. When it
// is unset the test is skipped with a line saying so (and the skip is
// logged as [Engines] logs one), or fails when [EnvRequire] names
// "redis". authtest imports no Redis client: the caller dials the URL
// with its own. Tests share the server, so each keeps its keys under a
// prefix of its own and deletes them when it ends.
func RedisURL(tb testing.TB) string {
	tb.Helper()
	url := os.Getenv(EnvRedis)
	if url == "" {
		if slices.Contains(requiredEngines(), "redis") {
			tb.Fatalf("authtest: redis is required by %s but %s is not set", EnvRequire, EnvRedis)
		}
		logSkip("redis", EnvRedis)
		tb.Skipf("authtest: redis skipped: set %s to a URL (redis://127.0.0.1:6379/0) to run it", EnvRedis)
	}
	return url
}
