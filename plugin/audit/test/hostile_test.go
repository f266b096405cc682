package test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/audit"
)

// TestHostileInputs runs the plugin's operations with inputs drawn from
// hostile strings: none may fail with a server error on any engine; bad
// cursors, filters and limits are invalid_input, and the history takes no
// user to read but the caller.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		bob := f.account(t, "bob@example.com")
		c := f.signIn(t, "ada@example.com")
		h := authtest.NewHostile(1, ada, "0190a1b2-0000-7000-8000-000000000000", "1795518001000000."+ada, auth.EventCredentialRefused)
		for _, op := range f.log.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(goCtx(c), func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%s) = %v, want no server error", op.Info().Name, show(input), err)
				}
			}
		}
		for _, q := range []string{"cursor=garbage", "cursor=1." + ada + "x", "cursor=-5." + ada, "cursor=99999999999999999999." + ada,
			"limit=-1", "limit=201", "limit=x", "cursor=a%00b"} {
			res := get(c, "/auth/audit/history?"+q)
			if res.Status != http.StatusBadRequest {
				t.Errorf("GET /audit/history?%s = %d %s, want 400", q, res.Status, res.Body)
			}
		}
		var page audit.Page
		mustOK(t, "history naming another user", get(c, "/auth/audit/history?userId="+bob+"&user_id="+bob)).Decode(t, &page)
		for _, r := range page.Records {
			if r.UserID != ada {
				t.Errorf("history naming another user showed %+v", r)
			}
		}
		for _, filter := range []audit.Filter{{Types: []string{""}}, {Types: make([]string, 21)}, {UserID: "x"}, {ActorID: "' OR 1=1 --"},
			{Since: start, Until: start}, {Limit: audit.MaxPage + 1}, {Cursor: "1.2"}} {
			if err := filter.Validate(); err == nil {
				t.Errorf("Filter(%+v).Validate() = nil, want an error", filter)
			}
			if _, err := f.log.Query(context.Background(), filter); !errors.Is(err, auth.ErrInvalidInput) {
				t.Errorf("Query(%+v) = %v, want %v", filter, err, auth.ErrInvalidInput)
			}
		}
	})
}

// TestHostileEvents: an event's over-long type and detail, invalid UTF-8,
// a NUL byte and an over-long User-Agent are recorded cut to their
// columns, as valid JSON, on every engine.
func TestHostileEvents(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.account(t, "ada@example.com")
		c := f.signIn(t, "ada@example.com")
		f.clock.Advance(time.Second)
		t0 := f.clock.Now()
		agent := strings.Repeat("ü", 400) + "\xfe"
		mustOK(t, "noise", c.Do(http.MethodPost, "/auth/probe/noise", struct{}{}, http.Header{"User-Agent": {agent}}))
		all := f.all(t, audit.Filter{Since: t0})
		if len(all) != 1 {
			t.Fatalf("records = %+v, want the noise", all)
		}
		r := all[0]
		var d struct{ Detail string }
		if err := json.Unmarshal(r.Detail, &d); err != nil {
			t.Fatalf("detail %q: %v", r.Detail, err)
		}
		if r.Type != noisyType[:64] || len(d.Detail) > 1000 || !utf8.ValidString(d.Detail) || strings.ContainsRune(d.Detail, 0) ||
			!strings.HasPrefix(d.Detail, "éé") || len(r.UserAgent) > 512 || !utf8.ValidString(r.UserAgent) || !strings.HasPrefix(r.UserAgent, "üü") {
			t.Errorf("noisy record = type %q, detail %d bytes %q..., agent %d bytes", r.Type, len(d.Detail), d.Detail[:10], len(r.UserAgent))
		}
	})
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
