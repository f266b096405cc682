package coretest

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// leaveKey carries, in a call's context, what the leaver's operation does.
type leaveKey struct{}

// leaver is a plugin whose operation runs a statement after doing what the
// context tells it: cancel the context first, as a client that goes away
// mid-request does, or fail on its own.
type leaver struct {
	op *auth.Op[auth.Empty, auth.Empty]
}

func newLeaver() *leaver {
	return &leaver{op: &auth.Op[auth.Empty, auth.Empty]{
		Name: "leaver.run", Method: http.MethodPost, Path: "/leaver/run", Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (auth.Empty, error) {
			switch do := ctx.Value(leaveKey{}).(type) {
			case context.CancelFunc:
				do()
			case error:
				return auth.Empty{}, do
			}
			// A real statement, so that each driver fails its own way.
			_, err := c.LoadUser(ctx, "nobody")
			return auth.Empty{}, err
		},
	}}
}

func (l *leaver) Name() string                 { return "leaver" }
func (l *leaver) Operations() []auth.Operation { return []auth.Operation{l.op} }

// run runs the operation as a Go call.
func (l *leaver) run(ctx context.Context) error {
	_, err := l.op.Run(ctx, auth.Empty{})
	return err
}

// logBuffer is a log destination safe for concurrent writes.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestCancelledOperationLogsQuietly: an operation that fails because its
// context was cancelled (the client went away) is logged at INFO as
// abandoned, not at ERROR as a failure, whether the context ended before
// the call or while its statement ran; a failure with a live context is
// still an ERROR.
func TestCancelledOperationLogsQuietly(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		tests := []struct {
			name      string
			ctx       func() context.Context
			wantLevel string // of the one line logged
			wantMsg   string
		}{
			{"cancelled before the call", func() context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx
			}, "INFO", "auth: operation abandoned: its context was cancelled (the client went away)"},
			{"cancelled while it runs", func() context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				return context.WithValue(ctx, leaveKey{}, cancel)
			}, "INFO", "auth: operation abandoned: its context was cancelled (the client went away)"},
			{"failed with a live context", func() context.Context {
				return context.WithValue(context.Background(), leaveKey{}, errors.New("disk on fire"))
			}, "ERROR", "auth: operation failed"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				logs := &logBuffer{}
				l := newLeaver()
				authtest.NewAuth(t, e, auth.WithPlugins(l), auth.WithRateLimitStore(auth.NewMemoryRateStore()),
					auth.WithLogger(slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
				err := l.run(tt.ctx())
				if !errors.Is(err, auth.ErrInternal) {
					t.Fatalf("run = %v, want %v", err, auth.ErrInternal)
				}
				lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
				want := "level=" + tt.wantLevel + ` msg="` + tt.wantMsg + `" op=leaver.run`
				if len(lines) != 1 || !strings.Contains(lines[0], want) {
					t.Fatalf("run logged\n%s\nwant one line with %s", logs, want)
				}
			})
		}
	})
}
