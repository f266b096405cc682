package auth

import (
	"context"
	"crypto/sha256"
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
}

// window holds the counts of a fixed or sliding window.
type window struct {
	start int64 // start of the current window, Unix milliseconds
	count int64
	prev  int64 // count of the window before start
}

// evaluate applies rule to the counts at now (Unix milliseconds).
func (w window) evaluate(rule RateRule, now int64) RateResult {
	size := rule.Window.Milliseconds()
	count := float64(w.count)
	if rule.Sliding {
		elapsed := float64(now-w.start) / float64(size)
		count += float64(w.prev) * (1 - elapsed)
	}
	res := RateResult{Allowed: count <= float64(rule.Limit), Count: int(count + 0.999999)}
	if !res.Allowed {
		retry := w.start + size - now // the current window's end
		if rule.Sliding && w.count <= int64(rule.Limit) && w.prev > 0 {
			// The previous window's weight falls until the count is back
			// at the limit: prev*(1-e) + count = limit.
			e := 1 - (float64(rule.Limit)-float64(w.count))/float64(w.prev)
			retry = w.start + int64(e*float64(size)) - now
		}
		res.RetryAfter = time.Duration(max(retry, 1000)) * time.Millisecond
	}
	return res
}

// windowStart is the start of the fixed window holding now.
func windowStart(rule RateRule, now time.Time) int64 {
	size := rule.Window.Milliseconds()
	ms := now.UnixMilli()
	return ms - ms%size
}

// limit applies the operation's rules, per client IP and per account key.
func (a *Auth) limit(ctx context.Context, info *OpInfo, req *Request, account string) error {
	if a.cfg.rateOff {
		return nil
	}
	rules := info.Rate
	if r, ok := a.cfg.rateRules[info.Name]; ok {
		rules = r
	}
	if !rules.IP.IsZero() && req.IP.IsValid() {
		if err := a.take(ctx, info, req, "ip\x00"+info.Name+"\x00"+ipGroup(req.IP), rules.IP, ""); err != nil {
			return err
		}
	}
	if !rules.Account.IsZero() && account != "" {
		if err := a.take(ctx, info, req, "account\x00"+info.Name+"\x00"+account, rules.Account, account); err != nil {
			return err
		}
	}
	return nil
}

func (a *Auth) take(ctx context.Context, info *OpInfo, req *Request, key string, rule RateRule, account string) error {
	res, err := a.rates.Take(ctx, key, rule, a.Now())
	if err != nil {
		return err
	}
	if res.Allowed {
		return nil
	}
	detail := "per IP"
	if account != "" {
		detail = "per account"
	}
	if res.Count == rule.Limit+1 { // report the first refusal of a window, not every one
		a.emit(ctx, Event{Type: EventRateLimited, Op: info.Name, IP: req.IP, Detail: detail})
	}
	e := *ErrRateLimited
	e.RetryAfter = res.RetryAfter
	return &e
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
	if res.Count == credentialFailures.Limit+1 {
		a.emit(ctx, Event{Type: EventCredentialStuffing, Op: info.Name, IP: req.IP,
			Detail: "many failed credential checks from one client"})
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
