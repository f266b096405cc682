package auth

import (
	"context"
	"crypto/sha256"
	"math"
	"net/netip"
	"time"
)

// RateStore counts calls against rate rules. The default keeps the counts
// in the auth_rate_limit table, shared by every instance of the host;
// [NewMemoryRateStore] keeps them in the process.
type RateStore interface {
	// Take counts one call under key against rule at now and says whether
	// it is allowed. Keys are opaque; stores may hash them.
	Take(ctx context.Context, key string, rule RateRule, now time.Time) (RateResult, error)
}

// RateResult is the answer of [RateStore.Take].
type RateResult struct {
	// Allowed is false once the count passed the rule's limit.
	Allowed bool
	// Count is the (for sliding windows, weighted) count including this call.
	Count int
	// RetryAfter is how long until a call would be allowed again.
	RetryAfter time.Duration
	// FirstRefusal marks the first refused call of a window under the key,
	// which the core reports as an event: once per window, however many
	// calls are refused.
	FirstRefusal bool
}

// window holds the counts of a fixed or sliding window.
type window struct {
	start    int64 // start of the current window, Unix milliseconds
	count    int64
	prev     int64 // count of the window before start
	reported int64 // start of the last window whose refusal was reported
}

// take counts one call at now (Unix milliseconds) and applies the rule:
// the one computation both stores share. A window older than now's rolls
// over (the previous count is kept when it is the window just before); a
// window ahead of now's, from an instance whose clock runs ahead, is
// counted in as it is.
func (w *window) take(rule RateRule, now int64) RateResult {
	size := rule.Window.Milliseconds()
	start := now - now%size
	if w.start < start {
		prev := int64(0)
		if w.start+size == start {
			prev = w.count
		}
		*w = window{start: start, prev: prev, reported: w.reported}
	}
	w.count++
	res := w.evaluate(rule, now)
	if !res.Allowed && w.reported != w.start {
		res.FirstRefusal, w.reported = true, w.start
	}
	return res
}

// evaluate applies rule to the counts at now (Unix milliseconds), the
// call being judged already counted.
func (w window) evaluate(rule RateRule, now int64) RateResult {
	count := w.weighted(rule, now)
	res := RateResult{Allowed: count <= float64(rule.Limit), Count: int(math.Ceil(count))}
	if !res.Allowed {
		res.RetryAfter = time.Duration(max(w.nextAllowed(rule)-now, 1000)) * time.Millisecond
	}
	return res
}

// weighted is the count at now: the current window's, plus for a sliding
// window the previous window's weighted by how much of it the last Window
// still covers.
func (w window) weighted(rule RateRule, now int64) float64 {
	count := float64(w.count)
	if rule.Sliding {
		elapsed := float64(now-w.start) / float64(rule.Window.Milliseconds())
		count += float64(w.prev) * (1 - elapsed)
	}
	return count
}

// nextAllowed is the earliest instant (Unix milliseconds) at which one more
// call would be allowed if no other came: what Retry-After promises.
func (w window) nextAllowed(rule RateRule) int64 {
	size, limit := float64(rule.Window.Milliseconds()), float64(rule.Limit)
	c, p, start := float64(w.count), float64(w.prev), float64(w.start)
	if !rule.Sliding {
		return w.start + rule.Window.Milliseconds()
	}
	// Still in this window, once the previous window's weight has fallen
	// enough: p*(1-e) + c + 1 <= limit.
	if c+1 <= limit && p > 0 {
		return int64(math.Ceil(start + (1-(limit-c-1)/p)*size))
	}
	// In the next window, once this window's weight has fallen enough:
	// c*(1-e) + 1 <= limit.
	e := 0.0
	if c > limit-1 {
		e = 1 - (limit-1)/c
	}
	return int64(math.Ceil(start + size + e*size))
}

// limit applies the operation's rules, per client IP and per account key.
// It reports whether a rule passed its challenge threshold, so that the
// call must pass the challengers' checks.
func (a *Auth) limit(ctx context.Context, info *OpInfo, req *Request, accounts []string) (challenge bool, err error) {
	if a.cfg.rateOff {
		return false, nil
	}
	rules := a.rulesOf(info)
	if !rules.IP.IsZero() && req.IP.IsValid() {
		c, err := a.take(ctx, info, req, "ip\x00"+info.Name+"\x00"+ipGroup(req.IP), rules.IP, "")
		if err != nil {
			return false, err
		}
		challenge = challenge || c
	}
	if rules.Account.IsZero() {
		return challenge, nil
	}
	for _, account := range accounts {
		if account == "" {
			continue
		}
		c, err := a.take(ctx, info, req, "account\x00"+info.Name+"\x00"+account, rules.Account, account)
		if err != nil {
			return false, err
		}
		challenge = challenge || c
	}
	return challenge, nil
}

// rulesOf returns the operation's rate rules, as the host overrode them.
func (a *Auth) rulesOf(info *OpInfo) RateRules {
	if r, ok := a.cfg.rateRules[info.Name]; ok {
		return r
	}
	return info.Rate
}

// take counts one call under key and refuses it past the rule's limit; it
// reports whether the count passed the rule's challenge threshold.
func (a *Auth) take(ctx context.Context, info *OpInfo, req *Request, key string, rule RateRule, account string) (challenge bool, err error) {
	res, err := a.rates.Take(ctx, key, rule, a.Now())
	if err != nil {
		return false, err
	}
	if res.Allowed {
		return rule.Challenge > 0 && res.Count > rule.Challenge, nil
	}
	detail := "per IP"
	if account != "" {
		detail = "per account"
	}
	if res.FirstRefusal {
		ev := a.stamp(Event{Type: EventRateLimited, Op: info.Name, IP: req.IP, UserAgent: req.UserAgent, Detail: detail})
		a.emit(ctx, ev)
		if err := a.recordAlone(ctx, ev); err != nil {
			return false, err
		}
	}
	e := *ErrRateLimited
	e.RetryAfter = res.RetryAfter
	return false, &e
}

// credentialFailures is how many failed credential checks from one client
// within the window make a credential-stuffing event.
var credentialFailures = RateRule{Limit: 30, Window: 10 * time.Minute}

// countCredentialFailure counts a failed credential check from the
// caller's IP and reports credential stuffing when they pile up.
func (a *Auth) countCredentialFailure(ctx context.Context, info *OpInfo, req *Request) {
	if !req.IP.IsValid() {
		return
	}
	res, err := a.rates.Take(ctx, "fail\x00"+ipGroup(req.IP), credentialFailures, a.Now())
	if err != nil {
		a.cfg.logger.Error("auth: count a credential failure", "err", err)
		return
	}
	if res.FirstRefusal {
		ev := a.stamp(Event{Type: EventCredentialStuffing, Op: info.Name, IP: req.IP, UserAgent: req.UserAgent,
			Detail: "many failed credential checks from one client"})
		a.emit(ctx, ev)
		if err := a.recordAlone(ctx, ev); err != nil {
			a.cfg.logger.Error("auth: record credential stuffing", "err", err)
		}
	}
}

// ipGroup is the rate-limit identity of an address: the address itself
// for IPv4, its /64 network for IPv6, where one client holds a whole /64.
func ipGroup(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// hashKey is how the database store keys its rows: no address or email is
// stored in the clear.
func hashKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}
