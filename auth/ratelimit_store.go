package auth

import (
	"context"
	"sync"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// dbRateStore counts in auth_rate_limit with one atomic upsert per call,
// so that concurrent calls from any number of instances lose no count.
type dbRateStore struct{ a *Auth }

func (s *dbRateStore) Take(ctx context.Context, key string, rule RateRule, now time.Time) (RateResult, error) {
	h := hashKey(key)
	start := windowStart(rule, now)
	size := rule.Window.Milliseconds()
	expires := time.UnixMilli(start + 2*size).UTC()
	same := RateLimitWindow.Ge(start) // a clock behind another instance's stays in that window
	previous := sqlb.Compare(sqlb.Add(RateLimitWindow, sqlb.Val(size)), sqlb.OpEq, sqlb.Excluded(RateLimitWindow))
	// MySQL applies the assignments in order, each seeing the ones before;
	// ordered this way every engine computes the same result.
	upsert := sqlb.Insert(RateLimits).
		Row(RateLimitKey.Set(h), RateLimitWindow.Set(start), RateLimitCount.Set(1), RateLimitPrevCount.Set(0),
			RateLimitExpiresAt.Set(expires)).
		OnConflictUpdate([]sqlb.AnyColumn{RateLimitKey},
			RateLimitPrevCount.SetTo(sqlb.If(same, sqlb.Expr[int64](RateLimitPrevCount),
				sqlb.If(previous, sqlb.Expr[int64](RateLimitCount), sqlb.Val[int64](0)))),
			RateLimitCount.SetTo(sqlb.If(same, sqlb.Add(RateLimitCount, sqlb.Val[int64](1)), sqlb.Val[int64](1))),
			RateLimitExpiresAt.SetTo(sqlb.If(same, sqlb.Expr[time.Time](RateLimitExpiresAt), sqlb.Excluded(RateLimitExpiresAt))),
			RateLimitWindow.SetTo(sqlb.If(same, sqlb.Expr[int64](RateLimitWindow), sqlb.Excluded(RateLimitWindow))))
	if _, err := s.a.db.Exec(ctx, upsert); err != nil {
		return RateResult{}, err
	}
	var w window
	err := s.a.db.One(ctx, sqlb.Select(RateLimitWindow.Into(&w.start), RateLimitCount.Into(&w.count),
		RateLimitPrevCount.Into(&w.prev)).From(RateLimits).Where(RateLimitKey.Eq(h)))
	if err != nil {
		return RateResult{}, err
	}
	return w.evaluate(rule, now.UnixMilli()), nil
}

// MemoryRateStore counts in the process; for a single instance. Make one
// with [NewMemoryRateStore].
type MemoryRateStore struct {
	mu      sync.Mutex
	windows map[string]*memWindow
	takes   int
}

type memWindow struct {
	window
	expires int64
}

var _ RateStore = (*MemoryRateStore)(nil)

// NewMemoryRateStore returns an empty in-process rate store.
func NewMemoryRateStore() *MemoryRateStore {
	return &MemoryRateStore{windows: map[string]*memWindow{}}
}

// Take implements [RateStore].
func (m *MemoryRateStore) Take(_ context.Context, key string, rule RateRule, now time.Time) (RateResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ms := now.UnixMilli()
	m.takes++
	if m.takes%1024 == 0 { // drop expired windows now and then, without a goroutine
		for k, w := range m.windows {
			if w.expires <= ms {
				delete(m.windows, k)
			}
		}
	}
	start := windowStart(rule, now)
	size := rule.Window.Milliseconds()
	w, ok := m.windows[key]
	switch {
	case !ok:
		w = &memWindow{window: window{start: start, count: 1}, expires: start + 2*size}
		m.windows[key] = w
	case w.start >= start:
		w.count++
	default:
		prev := int64(0)
		if w.start+size == start {
			prev = w.count
		}
		w.window = window{start: start, count: 1, prev: prev}
		w.expires = start + 2*size
	}
	return w.window.evaluate(rule, ms), nil
}
