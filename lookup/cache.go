package lookup

import (
	"sync"
	"time"
)

// maxCacheEntries bounds the cache: one entry per list route, and the
// subjects of CoursesBySubject are caller input.
const maxCacheEntries = 512

// cache keeps response bodies of the list routes for a TTL. Bodies, not
// decoded values, are kept, so callers may change what they get. A nil
// *cache keeps nothing.
type cache struct {
	ttl time.Duration
	now func() time.Time

	mu      sync.Mutex
	entries map[string]cacheEntry
}

type cacheEntry struct {
	body    []byte
	expires time.Time
}

func newCache(ttl time.Duration, now func() time.Time) *cache {
	return &cache{ttl: ttl, now: now, entries: make(map[string]cacheEntry)}
}

func (c *cache) get(key string) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return nil, false
	}
	if !c.now().Before(e.expires) {
		delete(c.entries, key)
		return nil, false
	}
	return e.body, true
}

func (c *cache) put(key string, body []byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if len(c.entries) >= maxCacheEntries {
		for k, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxCacheEntries {
			clear(c.entries)
		}
	}
	c.entries[key] = cacheEntry{body: body, expires: now.Add(c.ttl)}
}
