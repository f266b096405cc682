package auth

import (
	"context"
	"net/netip"
	"time"
)

// Event is a security event sent to the sink of [WithEventSink] and logged
// at warning level.
type Event struct {
	// Type is one of the Event* constants or a plugin's own.
	Type string
	// Time is when it happened.
	Time time.Time
	// Op is the operation that raised it.
	Op string
	// IP is the client's address, if known.
	IP netip.Addr
	// UserID is the user concerned, if known.
	UserID string
	// Detail says more, for people.
	Detail string
}

// The core's event types.
const (
	// EventRateLimited: a client or account passed a rate limit (reported
	// once per window).
	EventRateLimited = "rate_limited"
	// EventCredentialStuffing: one client failed many credential checks,
	// as a list of stolen credentials being tried does.
	EventCredentialStuffing = "credential_stuffing"
)

// emit stamps an event and hands it to the sink and the log.
func (a *Auth) emit(ctx context.Context, ev Event) {
	if ev.Time.IsZero() {
		ev.Time = a.Now()
	}
	a.cfg.logger.WarnContext(ctx, "auth: security event", "type", ev.Type, "op", ev.Op, "ip", ev.IP, "user", ev.UserID, "detail", ev.Detail)
	if a.cfg.eventSink != nil {
		a.cfg.eventSink(ctx, ev)
	}
}
