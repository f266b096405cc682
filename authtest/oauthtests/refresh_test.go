package oauthtests

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// refreshGate sits between the plugin and the providers. It can fail
// refresh requests without their reaching the provider, and hold the
// provider's answers to refresh requests (the refresh token already
// spent) until released; it reports each refresh request on seen.
type refreshGate struct {
	seen chan struct{}

	mu      sync.Mutex
	next    http.RoundTripper
	fail    int
	hold    chan struct{}
	release func()
}

func newRefreshGate(t *testing.T) *refreshGate {
	g := &refreshGate{seen: make(chan struct{}, 64)}
	t.Cleanup(func() { g.open() }) // never leave a request held
	return g
}

// holdAnswers makes the gate hold refresh answers until open.
func (g *refreshGate) holdAnswers() {
	g.mu.Lock()
	defer g.mu.Unlock()
	hold := make(chan struct{})
	g.hold, g.release = hold, sync.OnceFunc(func() { close(hold) })
}

// open lets held answers through, and the later ones at once.
func (g *refreshGate) open() {
	g.mu.Lock()
	release := g.release
	g.hold, g.release = nil, nil
	g.mu.Unlock()
	if release != nil {
		release()
	}
}

// failNext makes the next n refresh requests fail with 503, unsent.
func (g *refreshGate) failNext(n int) { g.mu.Lock(); g.fail = n; g.mu.Unlock() }

// awaitRequest waits until a refresh request reaches the gate.
func (g *refreshGate) awaitRequest(t *testing.T) {
	t.Helper()
	select {
	case <-g.seen:
	case <-time.After(10 * time.Second):
		t.Fatal("no refresh request reached the provider")
	}
}

func (g *refreshGate) RoundTrip(req *http.Request) (*http.Response, error) {
	g.mu.Lock()
	next, hold, fail := g.next, g.hold, g.fail > 0
	g.mu.Unlock()
	if req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, "/token") {
		return next.RoundTrip(req)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	req = req.Clone(req.Context())
	req.Body = io.NopCloser(bytes.NewReader(body))
	if form, _ := url.ParseQuery(string(body)); form.Get("grant_type") != "refresh_token" {
		return next.RoundTrip(req)
	}
	g.seen <- struct{}{}
	if fail {
		g.mu.Lock()
		g.fail--
		g.mu.Unlock()
		return &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable",
			Header: http.Header{"Content-Type": {"application/json"}}, Request: req,
			Body: io.NopCloser(strings.NewReader(`{"error":"temporarily_unavailable"}`))}, nil
	}
	res, err := next.RoundTrip(req)
	if err != nil || hold == nil {
		return res, err
	}
	select {
	case <-hold:
		return res, nil
	case <-req.Context().Done():
		res.Body.Close()
		return nil, req.Context().Err() // the answer is lost; the provider spent the token
	}
}

// refreshFixture is an instance on a test clock whose "test" provider
// rotates refresh tokens and revokes the grant of one used twice, reached
// through a gate. Ada has signed in, and her access token has expired.
type refreshFixture struct {
	*fixture
	e     *authtest.Engine
	gate  *refreshGate
	uid   string
	first auth.Secret // her expired access token
}

func newRefreshFixture(t *testing.T, e *authtest.Engine) *refreshFixture {
	t.Helper()
	clock := authtest.NewClock(time.Now())
	gate := newRefreshGate(t)
	f := newFixture(t, e, setup{authOpts: []auth.Option{auth.WithClock(clock.Now)},
		oauthOpts: []oauth.Option{oauth.WithTokenKeys(make([]byte, 32)), oauth.WithHTTPClient(&http.Client{Transport: gate})},
		provider:  []oauthtest.Option{oauthtest.WithClock(clock.Now), oauthtest.WithRefreshReuseDetection()}})
	gate.mu.Lock()
	gate.next = f.oidc.Client().Transport
	gate.mu.Unlock()
	f.oidc.AddUser(oauthtest.User{Subject: "ada-1"})
	f.oidc.LogInAs("ada-1")
	b := f.browser(t)
	b.signIn("test", "/")
	r := &refreshFixture{fixture: f, e: e, gate: gate, uid: b.user()["id"].(string)}
	var err error
	if r.first, err = f.oa.AccessToken(context.Background(), r.uid, "test"); err != nil {
		t.Fatalf("AccessToken = %v", err)
	}
	clock.Advance(59*time.Minute + 30*time.Second)
	return r
}

// refreshes is how many refresh requests the provider received.
func (r *refreshFixture) refreshes() int {
	n := 0
	for _, req := range r.oidc.Requests() {
		if req.Path == "/token" && req.PostForm.Get("grant_type") == "refresh_token" {
			n++
		}
	}
	return n
}

// leases is how many stored tokens have a refresh lease.
func (r *refreshFixture) leases(t *testing.T) int {
	t.Helper()
	var n int
	if err := r.e.DB.QueryRow("SELECT COUNT(*) FROM auth_oauth_token WHERE refreshing_until IS NOT NULL").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkRefreshedOnce checks that the provider saw one refresh request,
// revoked no grant and takes token at its userinfo endpoint, and that no
// lease is left.
func (r *refreshFixture) checkRefreshedOnce(t *testing.T, token auth.Secret) {
	t.Helper()
	if n := r.refreshes(); n != 1 {
		t.Errorf("the provider received %d refresh requests, want 1", n)
	}
	if n := r.oidc.Revocations(); n != 0 {
		t.Errorf("the provider revoked %d grants, want none", n)
	}
	req, err := http.NewRequest(http.MethodGet, r.oidc.Endpoints().UserInfo, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token.Reveal())
	res, err := r.oidc.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /userinfo with the refreshed token = %d, want 200", res.StatusCode)
	}
	if n := r.leases(t); n != 0 {
		t.Errorf("%d refresh leases left, want 0", n)
	}
}

// TestConcurrentRefresh: 8 callers find the same expired token at once,
// at a provider that rotates refresh tokens and revokes the grant of one
// spent twice. One refreshes while the others wait: all 8 get the same
// new token, the provider sees one refresh and revokes nothing.
func TestConcurrentRefresh(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		r := newRefreshFixture(t, e)
		r.gate.holdAnswers()
		const callers = 8
		var (
			wg     sync.WaitGroup
			start  = make(chan struct{})
			tokens [callers]auth.Secret
			errs   [callers]error
		)
		for i := range callers {
			wg.Go(func() {
				<-start
				tokens[i], errs[i] = r.oa.AccessToken(context.Background(), r.uid, "test")
			})
		}
		close(start)
		r.gate.awaitRequest(t)
		// The refresh is under way and its answer held: give the other
		// callers time to find the lease taken. The checks below hold
		// whatever the timing; the pause makes the callers wait for real.
		time.Sleep(200 * time.Millisecond)
		r.gate.open()
		wg.Wait()
		for i := range callers {
			if errs[i] != nil || tokens[i].IsZero() || tokens[i].Reveal() == r.first.Reveal() || tokens[i].Reveal() != tokens[0].Reveal() {
				t.Errorf("AccessToken (caller %d) = %v, want the one new token all callers get", i, errs[i])
			}
		}
		r.checkRefreshedOnce(t, tokens[0])
		if again, err := r.oa.AccessToken(context.Background(), r.uid, "test"); err != nil || again.Reveal() != tokens[0].Reveal() {
			t.Errorf("AccessToken after the refresh = %v, want the refreshed token", err)
		}
	})
}

// TestRefreshFailureGivesLeaseBack: a refresh that fails leaves no lease
// behind, and the next call refreshes.
func TestRefreshFailureGivesLeaseBack(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		r := newRefreshFixture(t, e)
		ctx := context.Background()
		r.gate.failNext(1)
		if got, err := r.oa.AccessToken(ctx, r.uid, "test"); !errors.Is(err, oauth.ErrProvider) || !got.IsZero() {
			t.Fatalf("AccessToken with the provider down = %v, want ErrProvider", err)
		}
		if n := r.leases(t); n != 0 {
			t.Fatalf("%d refresh leases after a failed refresh, want 0", n)
		}
		got, err := r.oa.AccessToken(ctx, r.uid, "test")
		if err != nil || got.Reveal() == r.first.Reveal() {
			t.Fatalf("AccessToken after a failed refresh = %v, want a refreshed token", err)
		}
		r.checkRefreshedOnce(t, got)
	})
}

// TestRefreshWaitCancelled: a caller waiting for another's refresh
// returns as soon as its context ends, long before the lease does; the
// refresh carries on.
func TestRefreshWaitCancelled(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		r := newRefreshFixture(t, e)
		r.gate.holdAnswers()
		type result struct {
			token auth.Secret
			err   error
		}
		holder := make(chan result, 1)
		go func() {
			token, err := r.oa.AccessToken(context.Background(), r.uid, "test")
			holder <- result{token, err}
		}()
		r.gate.awaitRequest(t)

		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		began := time.Now()
		got, err := r.oa.AccessToken(ctx, r.uid, "test")
		if waited := time.Since(began); !errors.Is(err, context.Canceled) || !got.IsZero() || waited > 5*time.Second {
			t.Errorf("AccessToken cancelled while waiting = %v after %v, want context.Canceled at once", err, waited)
		}
		r.gate.open()
		res := <-holder
		if res.err != nil {
			t.Fatalf("AccessToken (the refreshing caller) = %v", res.err)
		}
		r.checkRefreshedOnce(t, res.token)
	})
}

// TestRefreshHolderCancelled: the caller doing the refresh gives up while
// the provider's answer is on its way (the refresh token already spent).
// The refresh carries on to its end and stores the new tokens before the
// caller gets its context's error: the next call gets them, and the spent
// refresh token is never sent again, which would revoke the grant.
func TestRefreshHolderCancelled(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		r := newRefreshFixture(t, e)
		r.gate.holdAnswers()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := r.oa.AccessToken(ctx, r.uid, "test")
			done <- err
		}()
		r.gate.awaitRequest(t)
		cancel()
		r.gate.open() // the refresh goes on to its end, on the caller's goroutine
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("AccessToken cancelled while refreshing = %v, want context.Canceled", err)
		}
		got, err := r.oa.AccessToken(context.Background(), r.uid, "test")
		if err != nil || got.Reveal() == r.first.Reveal() {
			t.Fatalf("AccessToken after the cancelled refresh = %v, want the token it stored", err)
		}
		r.checkRefreshedOnce(t, got)
	})
}
