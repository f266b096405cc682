package lookup

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func TestCache(t *testing.T) {
	clock := &fakeClock{now: time.Date(2018, 2, 14, 10, 0, 0, 0, time.UTC)}
	c, s := setup(t, WithCache(time.Hour), WithClock(clock.Now))
	ctx := context.Background()
	calls := []struct {
		name string
		call func() error
	}{
		{"Courses", func() error { _, err := c.Courses(ctx); return err }},
		{"CoursesBySubject", func() error { _, err := c.CoursesBySubject(ctx, "CS"); return err }},
		{"Subjects", func() error { _, err := c.Subjects(ctx); return err }},
		{"Buildings", func() error { _, err := c.Buildings(ctx); return err }},
	}
	for _, step := range []struct {
		advance   time.Duration
		wantPaths int
	}{{0, 4}, {59 * time.Minute, 4}, {time.Minute, 8}} {
		clock.Add(step.advance)
		for _, call := range calls {
			if err := call.call(); err != nil {
				t.Fatalf("%s() = %v", call.name, err)
			}
		}
		if got := len(s.paths()); got != step.wantPaths {
			t.Errorf("after %v: %d requests, want %d", step.advance, got, step.wantPaths)
		}
	}
}

func TestCacheSkipsSearchesItemsAndErrors(t *testing.T) {
	c, s := setup(t, WithCache(time.Hour))
	ctx := context.Background()
	for range 2 {
		_, _ = c.SearchCourses(ctx, "nutrition")
		_, _ = c.Course(ctx, "CS", "161")
		_, _ = c.CoursesBySubject(ctx, "ZZ/Z") // 404, not cached
	}
	if got := len(s.paths()); got != 6 {
		t.Errorf("%d requests, want 6", got)
	}
}

func TestCacheCopies(t *testing.T) {
	c, _ := setup(t, WithCache(time.Hour))
	ctx := context.Background()
	first, _ := c.Subjects(ctx)
	first[0] = "CHANGED"
	second, err := c.Subjects(ctx)
	if err != nil || second[0] != "AAE" {
		t.Errorf("Subjects() = %q, %v after changing an earlier answer, want AAE first", second, err)
	}
}

func TestCacheBounded(t *testing.T) {
	clock := &fakeClock{now: time.Date(2018, 2, 14, 10, 0, 0, 0, time.UTC)}
	c := newCache(time.Hour, clock.Now)
	for i := range maxCacheEntries + 10 {
		c.put(fmt.Sprint(i), []byte("[]"))
	}
	if n := len(c.entries); n > maxCacheEntries {
		t.Errorf("cache holds %d entries, want at most %d", n, maxCacheEntries)
	}
	var nilCache *cache
	nilCache.put("x", nil)
	if _, ok := nilCache.get("x"); ok {
		t.Errorf("nil cache get = true, want false")
	}
}
