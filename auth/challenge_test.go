package auth

import (
	"context"
	"net/netip"
	"testing"
	"time"
)

// TestProofs: proofs are keyed by canonical header name, a later one of
// the same header wins, and a context made from another leaves that one
// unchanged.
func TestProofs(t *testing.T) {
	base := WithProof(context.Background(), "x-captcha-token", NewSecret("a"))
	both := WithProof(base, "X-POW-PROOF", NewSecret("b"))
	again := WithProof(both, "X-Captcha-Token", NewSecret("c"))
	for _, tt := range []struct {
		ctx    context.Context
		header string
		want   string
		ok     bool
	}{
		{base, "X-Captcha-Token", "a", true},
		{base, "X-Pow-Proof", "", false},
		{both, "x-captcha-token", "a", true},
		{both, "X-Pow-Proof", "b", true},
		{again, "X-Captcha-Token", "c", true},
		{context.Background(), "X-Captcha-Token", "", false},
	} {
		got, ok := Proof(tt.ctx, tt.header)
		if got.Reveal() != tt.want || ok != tt.ok {
			t.Errorf("Proof(%s) = %q, %v, want %q, %v", tt.header, got.Reveal(), ok, tt.want, tt.ok)
		}
	}
}

// TestChallengeThreshold: a rule past its challenge threshold demands a
// challenge, and past its limit refuses, whatever the store.
func TestChallengeThreshold(t *testing.T) {
	rule := RateRule{Limit: 4, Window: time.Minute, Challenge: 2}
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	store := NewMemoryRateStore()
	cfg := newConfig()
	cfg.clock = func() time.Time { return now }
	a := &Auth{cfg: cfg, rates: store}
	info := &OpInfo{Name: "test.op"}
	req := &Request{IP: netip.MustParseAddr("203.0.113.7")}
	want := []struct {
		challenge bool
		refused   bool
	}{{false, false}, {false, false}, {true, false}, {true, false}, {false, true}}
	for i, w := range want {
		challenge, err := a.take(context.Background(), info, req, "ip\x00test.op\x00203.0.113.7", rule, "")
		if challenge != w.challenge || (err != nil) != w.refused {
			t.Errorf("call %d: challenge %v, err %v; want challenge %v, refused %v", i+1, challenge, err, w.challenge, w.refused)
		}
	}
}
