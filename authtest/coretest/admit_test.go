package coretest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// admitProbe is a session check that answers what a test says and
// records the calls it sees: "admission" with the name of its operation,
// or the name of the operation.
type admitProbe struct {
	mu     sync.Mutex
	answer error
	calls  []string
}

func (p *admitProbe) Name() string              { return "admitprobe" }
func (p *admitProbe) ErrorCodes() []*auth.Error { return []*auth.Error{errBlocked} }
func (p *admitProbe) CheckSession(_ context.Context, c *auth.Call) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	call := c.Op().Name
	if c.Admitting() {
		call = "admission " + call
	}
	p.calls = append(p.calls, call)
	return p.answer
}

// took returns the calls since the last time and forgets them.
func (p *admitProbe) took() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	calls := p.calls
	p.calls = nil
	return calls
}

// TestAdmit admits requests whose session a check lets through, blocks,
// or fails to check: the check runs once per request as an admission of
// no operation; a refusal is kept with the session and user, a failure
// is internal and not kept.
func TestAdmit(t *testing.T) {
	tests := []struct {
		name        string
		answer      error
		wantBlocked *auth.Error // nil: admitted
		wantErr     error       // a failure: nothing kept
	}{
		{"admitted", nil, nil, nil},
		{"blocked", errBlocked, errBlocked, nil},
		{"check fails", errors.New("the ban list is down"), nil, auth.ErrInternal},
		{"undeclared code", errUndeclared, nil, auth.ErrInternal},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		probe, login := &admitProbe{}, authtest.NewLogin()
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(login, probe))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		in, err := login.SignIn(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				probe.answer = tt.answer
				probe.took()
				req := &auth.Request{Transport: auth.TransportHTTP, Token: in.Token}
				for i := range 2 { // the second call answers what the first decided
					s, u, blocked, err := a.Admit(ctx, req)
					if tt.wantErr != nil {
						if !errors.Is(err, tt.wantErr) || s != nil || u != nil || blocked != nil {
							t.Errorf("Admit #%d = %v, %v, %v, %v; want nil, nil, nil, %v", i+1, s, u, blocked, err, tt.wantErr)
						}
						continue
					}
					if err != nil || s == nil || s.ID != in.Session.ID || u == nil || u.ID != in.User.ID || !sameCode(blocked, tt.wantBlocked) {
						t.Errorf("Admit #%d = %v, %v, %v, %v; want session %s, user %s, blocked %v, nil",
							i+1, s, u, blocked, err, in.Session.ID, in.User.ID, tt.wantBlocked)
					}
				}
				wantCalls := []string{"admission "}
				if tt.wantErr != nil {
					wantCalls = append(wantCalls, "admission ") // a failure is not kept
				}
				if got := probe.took(); !slices.Equal(got, wantCalls) {
					t.Errorf("session checks run by two Admits = %q, want %q", got, wantCalls)
				}
				s, u, blocked := req.Admission()
				if tt.wantErr == nil && (s == nil || s.ID != in.Session.ID || u == nil || !sameCode(blocked, tt.wantBlocked)) ||
					tt.wantErr != nil && (s != nil || u != nil || blocked != nil) {
					t.Errorf("Admission() = %v, %v, %v; want what Admit answered", s, u, blocked)
				}

				// An operation checks the session again, under its own name.
				_, err := a.GetSession(auth.WithRequest(ctx, req))
				if got := probe.took(); !slices.Equal(got, []string{"core.session"}) {
					t.Errorf("session checks run by GetSession = %q, want [core.session]", got)
				}
				if tt.answer == nil && err != nil || tt.answer != nil && err == nil {
					t.Errorf("GetSession = %v, want the check's answer %v", err, tt.answer)
				}
			})
		}

		probe.answer = errBlocked
		probe.took()
		for _, tt := range []struct {
			name    string
			token   auth.Secret
			wantErr error
		}{
			{"no token", auth.Secret{}, nil},
			{"malformed token", auth.NewSecret("not-a-token"), auth.ErrInvalidToken},
			{"unknown token", auth.NewSecret("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), nil},
		} {
			req := &auth.Request{Transport: auth.TransportHTTP, Token: tt.token}
			s, u, blocked, err := a.Admit(ctx, req)
			if s != nil || u != nil || blocked != nil || !errors.Is(err, tt.wantErr) {
				t.Errorf("Admit with %s = %v, %v, %v, %v; want nil, nil, nil, %v", tt.name, s, u, blocked, err, tt.wantErr)
			}
		}
		if got := probe.took(); len(got) != 0 {
			t.Errorf("session checks run without a session = %q, want none", got)
		}
	})
}

// sameCode reports whether two errors are both nil or of the same code.
func sameCode(got, want *auth.Error) bool {
	if got == nil || want == nil {
		return got == want
	}
	return got.Code == want.Code
}
