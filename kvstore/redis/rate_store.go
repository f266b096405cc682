package redisstore

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
)

// RateStore counts calls against rate rules in Redis, for
// [auth.WithRateLimitStore]: shared by every instance that uses the same
// Redis and prefix, like the database store, and exact under any
// concurrency. Make one with [NewRateStore].
type RateStore struct {
	c   redis.UniversalClient
	cfg config
}

var _ auth.RateStore = (*RateStore)(nil)

// NewRateStore returns a rate store on c. By default a call it cannot
// count, because Redis failed, returns the error; [FailOpen] allows it
// instead.
func NewRateStore(c redis.UniversalClient, opts ...Option) *RateStore {
	return &RateStore{c: c, cfg: newConfig(opts)}
}

// takeScript counts a call and judges it, atomically: see rate_take.lua.
//
//go:embed rate_take.lua
var takeSource string

var takeScript = redis.NewScript(takeSource)

// Take implements [auth.RateStore]: one round trip, a script that counts
// the call in the key's window and judges it as the core's stores do
// (fixed or sliding window, Retry-After, the first refusal of a window
// flagged once). The key is stored as its SHA-256, never as it is: keys
// hold client addresses and account names. The counter expires on its
// own two windows after its window began; no sweep is needed.
func (s *RateStore) Take(ctx context.Context, key string, rule auth.RateRule, now time.Time) (auth.RateResult, error) {
	size := max(rule.Window.Milliseconds(), 1)
	sliding := 0
	if rule.Sliding {
		sliding = 1
	}
	v, err := takeScript.Run(ctx, s.c, []string{s.key(key)}, now.UnixMilli(), size, rule.Limit, sliding).Int64Slice()
	if err == nil && len(v) != 4 {
		err = fmt.Errorf("the script answered %d values, want 4", len(v))
	}
	if err != nil {
		if s.cfg.failOpen {
			s.cfg.logger.ErrorContext(ctx, "redisstore: count a call: allowed, failing open", "err", err)
			return auth.RateResult{Allowed: true}, nil
		}
		return auth.RateResult{}, fmt.Errorf("redisstore: count a call: %w", err)
	}
	return auth.RateResult{Allowed: v[0] == 1, Count: int(v[1]), RetryAfter: time.Duration(v[2]) * time.Millisecond,
		FirstRefusal: v[3] == 1}, nil
}

// key is the Redis key of a rate key: its SHA-256, as the database store
// keys its rows.
func (s *RateStore) key(key string) string {
	h := sha256.Sum256([]byte(key))
	return s.cfg.prefix + "rate:" + hex.EncodeToString(h[:])
}
