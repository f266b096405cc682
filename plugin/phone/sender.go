package phone

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
)

// Message is one text message to send.
type Message struct {
	// Purpose names the message ("phone-sign-in-code" ...), for logs and
	// routing.
	Purpose string
	// To is the number, in E.164.
	To string
	// Text is the message.
	Text string
}

// Sender sends text messages: an SMS gateway's client. It runs after the
// operation that produced the message committed, inside the request (or
// from the outbox, with auth.WithOutbox): hand the message to the gateway
// quickly, so that requests stay fast and the time an answer takes does
// not tell whether a number has an account.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SenderFunc makes a function a [Sender].
type SenderFunc func(ctx context.Context, m Message) error

// Send implements [Sender].
func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }

// ConsoleSender is a [Sender] for development: it prints every message,
// codes included, to a logger, or to a writer (standard error when
// neither is set). Never use it in production.
type ConsoleSender struct {
	// Logger receives each message as one record, if set.
	Logger *slog.Logger
	// Writer receives each message as text, if set.
	Writer io.Writer

	mu sync.Mutex
}

// Send implements [Sender].
func (s *ConsoleSender) Send(ctx context.Context, m Message) error {
	if s.Logger != nil {
		s.Logger.InfoContext(ctx, "sms", "purpose", m.Purpose, "to", m.To, "text", m.Text)
		if s.Writer == nil {
			return nil
		}
	}
	w := s.Writer
	if w == nil {
		w = os.Stderr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := fmt.Fprintf(w, "----- sms (%s) -----\nTo: %s\n\n%s\n-----\n", m.Purpose, m.To, m.Text)
	return err
}
