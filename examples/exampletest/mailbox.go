package exampletest

import (
	"context"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/email"
)

// Mailbox is an email sender that keeps what it is given, for a program
// to send through instead of its real sender.
type Mailbox struct {
	mu   sync.Mutex
	msgs []email.Message
}

var _ email.Sender = (*Mailbox)(nil)

// Send keeps m.
func (m *Mailbox) Send(_ context.Context, msg email.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.msgs = append(m.msgs, msg)
	return nil
}

// mailWait is how long Link waits for a message: over HTTP, Sesame sends
// messages after the answer.
const mailWait = 5 * time.Second

var linkPattern = regexp.MustCompile(`https?://\S+\?token=[A-Za-z0-9_%=-]+`)

// Link returns the link of the newest message of purpose to to, waiting
// for one to come; the test fails when none does.
func (m *Mailbox) Link(tb testing.TB, to, purpose string) *url.URL {
	tb.Helper()
	for deadline := time.Now().Add(mailWait); ; time.Sleep(2 * time.Millisecond) {
		if msg, ok := m.last(to, purpose); ok {
			raw := linkPattern.FindString(msg.Text)
			u, err := url.Parse(raw)
			if raw == "" || err != nil {
				tb.Fatalf("the %s message to %s has no link:\n%s", purpose, to, msg.Text)
			}
			return u
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no %s message to %s", purpose, to)
		}
	}
}

func (m *Mailbox) last(to, purpose string) (email.Message, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.msgs) - 1; i >= 0; i-- {
		if m.msgs[i].To == to && m.msgs[i].Purpose == purpose {
			return m.msgs[i], true
		}
	}
	return email.Message{}, false
}
