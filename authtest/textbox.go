package authtest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/phone"
)

// TextBox is a text-message sender for tests, as [Mailbox] is for email:
// it keeps every text, and finds the codes in them.
type TextBox struct {
	mu   sync.Mutex
	msgs []phone.Message
}

var _ phone.Sender = (*TextBox)(nil)

// Send implements phone.Sender.
func (b *TextBox) Send(_ context.Context, m phone.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.msgs = append(b.msgs, m)
	return nil
}

// Texts returns the texts sent to a number, oldest first, or every text
// when to is empty.
func (b *TextBox) Texts(to string) []phone.Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []phone.Message
	for _, m := range b.msgs {
		if to == "" || m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// Code returns the 6-digit code of the newest text of a purpose to a
// number, failing the test when there is none. Texts go out after the
// answer, so Code waits up to [MailWait] for one to come.
func (b *TextBox) Code(tb testing.TB, to, purpose string) string {
	tb.Helper()
	deadline := time.Now().Add(MailWait)
	for {
		texts := b.Texts(to)
		for i := len(texts) - 1; i >= 0; i-- {
			if texts[i].Purpose != purpose {
				continue
			}
			match := sixDigits.FindStringSubmatch(texts[i].Text)
			if match == nil {
				tb.Fatalf("the %s text to %s has no code", purpose, to)
				return ""
			}
			return match[1]
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no %s text to %s among %d", purpose, to, len(texts))
			return ""
		}
		time.Sleep(2 * time.Millisecond)
	}
}
