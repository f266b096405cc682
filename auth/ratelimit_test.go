package auth

import (
	"context"
	"net/netip"
	"testing"
	"time"
)

func TestIPGroup(t *testing.T) {
	tests := []struct{ in, want string }{
		{"203.0.113.7", "203.0.113.7"},
		{"::ffff:203.0.113.7", "203.0.113.7"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
	}
	for _, tt := range tests {
		if got := ipGroup(netip.MustParseAddr(tt.in)); got != tt.want {
			t.Errorf("ipGroup(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMemoryRateStore checks fixed and sliding windows and Retry-After.
func TestMemoryRateStore(t *testing.T) {
	ctx := context.Background()
	fixed := RateRule{Limit: 3, Window: time.Minute}
	sliding := RateRule{Limit: 3, Window: time.Minute, Sliding: true}
	m := NewMemoryRateStore()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // a window boundary
	for i := 1; i <= 3; i++ {
		if r, _ := m.Take(ctx, "k", fixed, at); !r.Allowed || r.Count != i {
			t.Fatalf("take %d = %+v, want allowed with count %d", i, r, i)
		}
	}
	r, _ := m.Take(ctx, "k", fixed, at.Add(15*time.Second))
	if r.Allowed || r.RetryAfter != 45*time.Second {
		t.Errorf("4th take = %+v, want refused, retry after 45s", r)
	}
	if r, _ := m.Take(ctx, "k", fixed, at.Add(time.Minute)); !r.Allowed || r.Count != 1 {
		t.Errorf("take in the next fixed window = %+v, want a fresh count", r)
	}

	// Sliding: 3 calls late in one window still weigh on the next.
	for range 3 {
		m.Take(ctx, "s", sliding, at.Add(50*time.Second))
	}
	r, _ = m.Take(ctx, "s", sliding, at.Add(time.Minute+15*time.Second))
	// weighted: 3*(1-0.25) + 1 = 3.25 > 3
	if r.Allowed {
		t.Errorf("sliding take 15s into the next window = %+v, want refused", r)
	}
	if r.RetryAfter <= 0 || r.RetryAfter > 45*time.Second {
		t.Errorf("sliding RetryAfter = %v, want within the window", r.RetryAfter)
	}
	if r, _ := m.Take(ctx, "other", sliding, at); !r.Allowed {
		t.Errorf("another key = %+v, want allowed", r)
	}
}

func TestClientIP(t *testing.T) {
	a := &Auth{cfg: &config{trustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}}
	tests := []struct {
		remote string
		xff    []string
		want   string
	}{
		{"203.0.113.7:5000", nil, "203.0.113.7"},
		{"203.0.113.7:5000", []string{"198.51.100.1"}, "203.0.113.7"}, // untrusted peer: header ignored
		{"10.1.2.3:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"10.1.2.3:5000", []string{"198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"10.1.2.3:5000", []string{"6.6.6.6, 198.51.100.1"}, "198.51.100.1"}, // the spoofed left hop is not believed
		{"10.1.2.3:5000", []string{"garbage"}, "10.1.2.3"},
		{"[2001:db8::1]:443", nil, "2001:db8::1"},
		{"not an address", nil, "invalid IP"},
	}
	for _, tt := range tests {
		if got := a.ClientIP(tt.remote, tt.xff).String(); got != tt.want {
			t.Errorf("ClientIP(%q, %q) = %s, want %s", tt.remote, tt.xff, got, tt.want)
		}
	}
}
