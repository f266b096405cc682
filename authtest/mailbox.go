package authtest

import (
	"context"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/email"
)

// Mailbox is an email sender for tests: it keeps every message, and finds
// the links and codes in them.
type Mailbox struct {
	mu   sync.Mutex
	msgs []email.Message
}

var _ email.Sender = (*Mailbox)(nil)

// Send implements email.Sender.
func (m *Mailbox) Send(_ context.Context, msg email.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.msgs = append(m.msgs, msg)
	return nil
}

// Messages returns the messages sent to an address, oldest first, or
// every message when to is empty.
func (m *Mailbox) Messages(to string) []email.Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []email.Message
	for _, msg := range m.msgs {
		if to == "" || msg.To == to {
			out = append(out, msg)
		}
	}
	return out
}

// Last returns the newest message to an address of a purpose, failing the
// test when there is none. Over HTTP a message goes out after the answer
// (see auth.Call.Deliver), so Last waits up to MailWait for one to come.
func (m *Mailbox) Last(tb testing.TB, to, purpose string) email.Message {
	tb.Helper()
	deadline := time.Now().Add(MailWait)
	for {
		msgs := m.Messages(to)
		for i := len(msgs) - 1; i >= 0; i-- {
			if msgs[i].Purpose == purpose {
				return msgs[i]
			}
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no %s message to %s among %d", purpose, to, len(msgs))
			return email.Message{}
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// MailWait is how long [Mailbox.Last] waits for a message.
const MailWait = 5 * time.Second

var (
	linkToken = regexp.MustCompile(`[?&]token=([^\s&]+)`)
	sixDigits = regexp.MustCompile(`\b(\d{6})\b`)
)

// Token returns the token of the link in the newest message to an address
// of a purpose.
func (m *Mailbox) Token(tb testing.TB, to, purpose string) string {
	tb.Helper()
	match := linkToken.FindStringSubmatch(m.Last(tb, to, purpose).Text)
	if match == nil {
		tb.Fatalf("the %s message to %s has no link with a token", purpose, to)
	}
	t, err := url.QueryUnescape(match[1])
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// Code returns the 6-digit code in the newest message to an address of a
// purpose.
func (m *Mailbox) Code(tb testing.TB, to, purpose string) string {
	tb.Helper()
	match := sixDigits.FindStringSubmatch(m.Last(tb, to, purpose).Text)
	if match == nil {
		tb.Fatalf("the %s message to %s has no code", purpose, to)
	}
	return match[1]
}
