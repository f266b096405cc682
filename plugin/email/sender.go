package email

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
)

// Message is one email to send.
type Message struct {
	// Purpose names the message ("verify-email" ...), for logs and routing.
	Purpose string
	To      string
	Subject string
	Text    string
}

// Sender sends email. It runs after the operation that produced the
// message committed, inside the request: a production sender should hand
// the message to a queue or a mail service quickly, both so that requests
// stay fast and so that the time an answer takes does not tell whether an
// address has an account.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SenderFunc makes a function a [Sender].
type SenderFunc func(ctx context.Context, m Message) error

// Send implements [Sender].
func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }

// LogSender is a [Sender] for development: it prints every message, links
// and codes included, to a logger or a writer. Links hold live tokens:
// never use it in production.
type LogSender struct {
	// Logger receives each message as one record, if set.
	Logger *slog.Logger
	// Writer receives each message as text, if set.
	Writer io.Writer

	mu sync.Mutex
}

// Send implements [Sender].
func (s *LogSender) Send(ctx context.Context, m Message) error {
	if s.Logger != nil {
		s.Logger.InfoContext(ctx, "email", "purpose", m.Purpose, "to", m.To, "subject", m.Subject, "text", m.Text)
	}
	if s.Writer != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		_, err := fmt.Fprintf(s.Writer, "----- email (%s) -----\nTo: %s\nSubject: %s\n\n%s\n-----\n", m.Purpose, m.To, m.Subject, m.Text)
		return err
	}
	return nil
}
