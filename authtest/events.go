package authtest

import (
	"context"
	"sync"

	"github.com/sesame-go/sesame/auth"
)

// EventLog keeps the security events an instance sends to its sink, for
// tests: pass its Sink to auth.WithEventSink. It is safe for concurrent
// use; the zero value is ready.
type EventLog struct {
	mu  sync.Mutex
	all []auth.Event
}

// Sink records an event: an auth.WithEventSink function.
func (l *EventLog) Sink(_ context.Context, ev auth.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all = append(l.all, ev)
}

// Of returns the events of a type, in the order they came.
func (l *EventLog) Of(typ string) []auth.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []auth.Event
	for _, ev := range l.all {
		if ev.Type == typ {
			out = append(out, ev)
		}
	}
	return out
}
