package auth

import (
	"context"
	"net/netip"
	"time"
)

// Event is a security event sent to the sink of [WithEventSink] and logged
// at warning level.
type Event struct {
	// ID identifies the event: a time-ordered ID the core gives it, which
	// an [EventRecorder] may key its rows with.
	ID string
	// Type is one of the Event* constants or a plugin's own.
	Type string
	// Time is when it happened.
	Time time.Time
	// Op is the operation that raised it.
	Op string
	// IP is the client's address, if known.
	IP netip.Addr
	// UserAgent is the client's User-Agent header, if known.
	UserAgent string
	// UserID is the user concerned, if known.
	UserID string
	// ActorID is who acted for the user, when not the user: the
	// administrator of an impersonation session ([Session.ImpersonatorID]).
	ActorID string
	// Detail says more, for people.
	Detail string
}

// The core's event types. docs/security-events.md lists every event of
// the core and the plugins, and the account-security events
// ([AccountEvent]) that [Call.AccountChanged] sends under their names.
const (
	// EventRateLimited: a client or account passed a rate limit (reported
	// once per window).
	EventRateLimited = "rate_limited"
	// EventCredentialStuffing: one client failed many credential checks,
	// as a list of stolen credentials being tried does.
	EventCredentialStuffing = "credential_stuffing"
	// EventCredentialRefused: an operation that checks a credential (a
	// sign-in) refused it as wrong. UserID is empty: the refusal does not
	// say whose account was tried.
	EventCredentialRefused = "credential_refused"
	// EventChallengeRefused: a [Challenger] refused a call (no proof, a
	// wrong one, or its provider could not be asked). Detail is the
	// refusal's code, such as "captcha_failed" or "pow_required".
	EventChallengeRefused = "challenge_refused"
)

// emit stamps an event and hands it to the sink and the log.
func (a *Auth) emit(ctx context.Context, ev Event) {
	ev = a.stamp(ev)
	a.cfg.logger.WarnContext(ctx, "auth: security event", "type", ev.Type, "op", ev.Op, "ip", ev.IP, "user", ev.UserID, "detail", ev.Detail)
	if a.cfg.eventSink != nil {
		a.cfg.eventSink(ctx, ev)
	}
}

// stamp gives an event its ID and time, once.
func (a *Auth) stamp(ev Event) Event {
	if ev.Time.IsZero() {
		ev.Time = a.Now()
	}
	if ev.ID == "" {
		ev.ID = newID(ev.Time)
	}
	return ev
}
