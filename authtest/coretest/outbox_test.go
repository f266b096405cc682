package coretest

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// postbox is a delivery channel that keeps what it delivers and fails
// when told to, with an operation that sends through it.
type postbox struct {
	mu    sync.Mutex
	got   []auth.Message
	fails int // the next deliveries that fail
	send  *auth.Op[postRequest, auth.Empty]
}

type postRequest struct {
	To      string `json:"to"`
	Refused bool   `json:"refused"`
}

var errRefused = auth.NewError("refused", http.StatusBadRequest, "refused")

func newPostbox() *postbox {
	p := &postbox{}
	p.send = &auth.Op[postRequest, auth.Empty]{Name: "post.send", Method: http.MethodPost, Path: "/post/send", Writes: true,
		Codes: []*auth.Error{errRefused},
		Handler: func(ctx context.Context, c *auth.Call, in postRequest) (auth.Empty, error) {
			if err := c.Send(ctx, "post", auth.Message{Purpose: "hello", To: in.To, Subject: "Hello", Text: "hi " + in.To}); err != nil {
				return auth.Empty{}, err
			}
			if in.Refused {
				return auth.Empty{}, errRefused // rolls the message back with the rest
			}
			return auth.Empty{}, nil
		}}
	return p
}

func (p *postbox) Name() string                 { return "post" }
func (p *postbox) Operations() []auth.Operation { return []auth.Operation{p.send} }
func (p *postbox) Channels() []auth.Channel {
	return []auth.Channel{{Kind: "post", Deliver: func(_ context.Context, m auth.Message) error {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.fails > 0 {
			p.fails--
			return errors.New("post: the mail server is down")
		}
		p.got = append(p.got, m)
		return nil
	}}}
}

func (p *postbox) delivered() []auth.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]auth.Message(nil), p.got...)
}

func outboxRows(t *testing.T, a *auth.Auth) (n int64) {
	t.Helper()
	if err := a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Outbox)); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestOutbox: with WithOutbox a message is written in the operation's
// transaction (a refused operation writes none), delivered by
// DeliverOutbox once, tried again with a growing delay when its channel
// fails, given up after OutboxMaxAttempts and swept a week later; and
// concurrent DeliverOutbox calls deliver each message exactly once.
func TestOutbox(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		box := newPostbox()
		f := newFixture(t, e, auth.WithPlugins(box), auth.WithOutbox())
		ctx := context.Background()
		deliver := func(want int) {
			t.Helper()
			if n, err := f.a.DeliverOutbox(ctx); err != nil || n != want {
				t.Fatalf("DeliverOutbox = %d, %v, want %d", n, err, want)
			}
		}

		if _, err := box.send.Run(ctx, postRequest{To: "ada"}); err != nil {
			t.Fatal(err)
		}
		if _, err := box.send.Run(ctx, postRequest{To: "eve", Refused: true}); !errors.Is(err, errRefused) {
			t.Fatalf("refused send = %v", err)
		}
		if got := len(box.delivered()); got != 0 || outboxRows(t, f.a) != 1 {
			t.Fatalf("before DeliverOutbox: %d delivered, %d rows; want none delivered and Ada's row only", got, outboxRows(t, f.a))
		}
		deliver(1)
		deliver(0)
		if got := box.delivered(); len(got) != 1 || got[0].To != "ada" || got[0].Text != "hi ada" || outboxRows(t, f.a) != 0 {
			t.Fatalf("delivered %+v, %d rows left; want Ada's message once and no row", got, outboxRows(t, f.a))
		}

		// A failing channel: tried again after 30 s, then delivered.
		box.fails = 1
		box.send.Run(ctx, postRequest{To: "grace"})
		deliver(0)
		deliver(0)
		f.clock.Advance(31 * time.Second)
		deliver(1)

		// Given up after OutboxMaxAttempts, swept a week later.
		box.fails = auth.OutboxMaxAttempts
		box.send.Run(ctx, postRequest{To: "lin"})
		for range auth.OutboxMaxAttempts {
			deliver(0)
			f.clock.Advance(time.Hour)
		}
		box.fails = 0
		deliver(0)
		if outboxRows(t, f.a) != 1 {
			t.Fatal("the given-up message is gone before the sweep")
		}
		f.clock.Advance(7 * 24 * time.Hour)
		if rep, err := f.a.Sweep(ctx); err != nil || rep["outbox"] != 1 {
			t.Fatalf("Sweep = %v, %v, want the given-up message swept", rep, err)
		}

		// Concurrent deliverers send each message once.
		const n = 30
		for i := range n {
			box.send.Run(ctx, postRequest{To: "reader-" + string(rune('a'+i))})
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := f.a.DeliverOutbox(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		seen := map[string]int{}
		for _, m := range box.delivered() {
			seen[m.To]++
		}
		for to, times := range seen {
			if times != 1 {
				t.Errorf("%s got the message %d times", to, times)
			}
		}
		if len(seen) != n+2 {
			t.Errorf("%d recipients got messages, want %d", len(seen), n+2)
		}
	})
}

// TestSendWithoutOutbox: without the outbox, a message goes out when the
// operation commits (a Go call with no request: before it returns), and
// never when it fails.
func TestSendWithoutOutbox(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		box := newPostbox()
		f := newFixture(t, e, auth.WithPlugins(box))
		ctx := context.Background()
		box.send.Run(ctx, postRequest{To: "eve", Refused: true})
		if _, err := box.send.Run(ctx, postRequest{To: "ada"}); err != nil {
			t.Fatal(err)
		}
		if got := box.delivered(); len(got) != 1 || got[0].To != "ada" || outboxRows(t, f.a) != 0 {
			t.Fatalf("delivered %+v with %d outbox rows, want Ada's message and no row", got, outboxRows(t, f.a))
		}
	})
}
