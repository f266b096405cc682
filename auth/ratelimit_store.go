package auth

import (
	"context"
	"sync"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// dbRateStore counts in auth_rate_limit. Each call locks its key's row in
// a transaction, so that concurrent calls from any number of instances
// are counted, and decided, one after the other: none is lost and none is
// judged on another's count.
type dbRateStore struct{ a *Auth }

func (s *dbRateStore) Take(ctx context.Context, key string, rule RateRule, now time.Time) (RateResult, error) {
	h := hashKey(key)
	size := rule.Window.Milliseconds()
	var res RateResult
	err := retry(ctx, func() error {
		return s.a.db.InTx(ctx, nil, func(tx *sqlb.DB) error {
			// Create the row, or lock it if it exists (the no-op update takes
			// the lock), so that a sweep cannot delete it under the count.
			_, err := tx.Exec(ctx, sqlb.Insert(RateLimits).
				Row(RateLimitKey.Set(h), RateLimitWindow.Set(0), RateLimitCount.Set(0), RateLimitPrevCount.Set(0),
					RateLimitReported.Set(-1), RateLimitExpiresAt.Set(now.Add(2*rule.Window))).
				OnConflictUpdate([]sqlb.AnyColumn{RateLimitKey}, RateLimitCount.SetTo(RateLimitCount)))
			if err != nil {
				return err
			}
			var w window
			err = tx.One(ctx, sqlb.Select(RateLimitWindow.Into(&w.start), RateLimitCount.Into(&w.count),
				RateLimitPrevCount.Into(&w.prev), RateLimitReported.Into(&w.reported)).
				From(RateLimits).Where(RateLimitKey.Eq(h)).ForUpdate())
			if err != nil {
				return err
			}
			res = w.take(rule, now.UnixMilli())
			expires := time.UnixMilli(w.start + 2*size).UTC()
			_, err = tx.Exec(ctx, sqlb.Update(RateLimits).Set(RateLimitWindow.Set(w.start), RateLimitCount.Set(w.count),
				RateLimitPrevCount.Set(w.prev), RateLimitReported.Set(w.reported), RateLimitExpiresAt.Set(expires)).
				Where(RateLimitKey.Eq(h)))
			return err
		})
	})
	return res, err
}

// retry runs fn again, up to three times in all, while it fails with a
// transient conflict between transactions (a deadlock, a busy database).
func retry(ctx context.Context, fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil || !sqlb.IsRetryable(err) || ctx.Err() != nil {
			return err
		}
	}
	return err
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
	w, ok := m.windows[key]
	if !ok {
		w = &memWindow{window: window{reported: -1}}
		m.windows[key] = w
	}
	res := w.take(rule, ms)
	w.expires = w.start + 2*rule.Window.Milliseconds()
	return res, nil
}
