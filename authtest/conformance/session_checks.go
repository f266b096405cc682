package conformance

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// errTaskPending is the refusal of the tasks plugin's session check.
var errTaskPending = auth.NewError("task_pending", http.StatusForbidden, "finish the pending task first")

// tasks is a plugin whose session check blocks the sessions of users with
// a task pending, as a ban, a pending second factor or terms to accept
// do: every operation but sign-out, which it lets through by name, and
// the host's routes. It counts the admissions it checks.
type tasks struct {
	mu         sync.Mutex
	pending    map[string]bool // by user ID
	down       bool            // the check fails, as a database would
	admissions int
	unnamed    bool // every admission's operation had no name
}

func newTasks() *tasks { return &tasks{pending: map[string]bool{}, unnamed: true} }

func (p *tasks) Name() string              { return "conformance" }
func (p *tasks) ErrorCodes() []*auth.Error { return []*auth.Error{errTaskPending} }

func (p *tasks) CheckSession(_ context.Context, c *auth.Call) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c.Admitting() {
		p.admissions++
		p.unnamed = p.unnamed && c.Op().Name == ""
	}
	if p.down {
		return errors.New("conformance: the task store is down")
	}
	if p.pending[c.User().ID] && c.Op().Name != auth.OpSignOut {
		return errTaskPending
	}
	return nil
}

// set gives userID a pending task, or clears it.
func (p *tasks) set(userID string, pending bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pending[userID] = pending
}

// fail makes the check fail, or work again.
func (p *tasks) fail(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
}

// counted returns the admissions checked since the last call, and
// whether each looked like no operation.
func (p *tasks) counted() (admissions int, unnamed bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	admissions, unnamed = p.admissions, p.unnamed
	p.admissions, p.unnamed = 0, true
	return admissions, unnamed
}

// sessionChecks gives a signed-in user a pending task: at once the host's
// routes stop seeing a signed-in user (RequireUser answers the check's
// refusal, in EncodeErrors' body and media type when there is one; the
// accessors report the blocked session only through BlockedSession), as
// do Sesame's operations but sign-out, which the check lets through by
// name and which an admission does not pass for. The check runs once per
// request however many accessors look, and its failure answers 500.
func sessionChecks(t *testing.T, e *authtest.Engine, target Target) {
	tk := newTasks()
	a := newAuth(t, e, target, auth.WithPlugins(tk))
	srv := serve(t, target, a)
	c, app, other := srv.client(t), srv.client(t).bearer(), srv.client(t)
	in := signIn(t, c, person(t, "ada"))
	inApp := signIn(t, app, person(t, "ada"))
	onOther := signIn(t, other, person(t, "grace"))
	wantWho(t, c, WhoAnswer{UserID: in.User.ID, SessionID: in.Session.ID})

	tk.set(in.User.ID, true)
	tk.counted()
	res := c.Get(MePath)
	wantError(t, "GET "+MePath+" with a task pending", res, http.StatusForbidden, "task_pending")
	wantNoCookie(t, "GET "+MePath+" with a task pending", res)
	wantWho(t, c, WhoAnswer{BlockedUserID: in.User.ID, BlockedSessionID: in.Session.ID, BlockedCode: "task_pending"})
	if n, unnamed := tk.counted(); n != 2 || !unnamed {
		t.Errorf("GET %s and %s ran %d admission checks (all of no operation: %v), want 2, one per request, of none",
			MePath, WhoPath, n, unnamed)
	}
	wantError(t, "GET "+MePath+" by bearer with a task pending", app.Get(MePath), http.StatusForbidden, "task_pending")
	wantError(t, "GET /auth/session with a task pending", c.Get("/auth/session"), http.StatusForbidden, "task_pending")
	wantMe(t, other, onOther)
	wantWho(t, other, WhoAnswer{UserID: onOther.User.ID, SessionID: onOther.Session.ID})

	encoded := serve(t, target, a, authhttp.EncodeErrors(encodeProblem)).client(t).bearer()
	encoded.Token = app.Token
	res = encoded.Get(MePath)
	var got problem
	want := problem{Type: "https://sesame.test/errors/task_pending", Status: http.StatusForbidden}
	if err := authtest.StrictDecode(res.Body, &got); err != nil || res.Status != http.StatusForbidden || got != want {
		t.Errorf("GET %s with a task pending and EncodeErrors = %d %s, want 403 %+v", MePath, res.Status, res.Body, want)
	}
	if ct := res.Header.Get("Content-Type"); ct != problemJSON {
		t.Errorf("GET %s with a task pending and EncodeErrors: Content-Type = %q, want %q", MePath, ct, problemJSON)
	}

	res = c.Post("/auth/sign-out", nil)
	wantOK(t, "sign-out with a task pending", res)
	wantCookieCleared(t, "sign-out with a task pending", res)
	wantError(t, "GET "+MePath+" after sign-out", c.Get(MePath), http.StatusUnauthorized, "no_session")

	tk.set(in.User.ID, false)
	wantMe(t, app, inApp)

	tk.fail(true)
	for _, path := range []string{MePath, WhoPath} {
		wantError(t, "GET "+path+" with the session check failing", app.Get(path), http.StatusInternalServerError, "internal")
	}
}

// wantWho checks what WhoPath answers c.
func wantWho(tb testing.TB, c *client, want WhoAnswer) {
	tb.Helper()
	res := c.Get(WhoPath)
	if res.Status != http.StatusOK {
		tb.Fatalf("GET %s = %d %s, want 200", WhoPath, res.Status, res.Body)
	}
	var got WhoAnswer
	if err := authtest.StrictDecode(res.Body, &got); err != nil {
		tb.Fatalf("GET %s = %s, want a WhoAnswer: %v", WhoPath, res.Body, err)
	}
	if got != want {
		tb.Errorf("GET %s = %+v, want %+v", WhoPath, got, want)
	}
}
