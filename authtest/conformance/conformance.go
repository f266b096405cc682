package conformance

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// The host's app routes every target serves: MePath behind the
// integration's RequireUser, WhoPath behind its session middleware only.
const (
	MePath  = "/app/me"
	WhoPath = "/app/who"
)

// MeAnswer is what MePath answers: what the integration's user and session
// accessors gave.
type MeAnswer struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	SessionID string `json:"sessionId"`
}

// WhoAnswer is what WhoPath answers: what the integration's accessors
// report of the caller, each ID empty when its accessor reports nothing.
type WhoAnswer struct {
	// UserID and SessionID come from the user and session accessors.
	UserID    string `json:"userId"`
	SessionID string `json:"sessionId"`
	// BlockedUserID, BlockedSessionID and BlockedCode come from the
	// accessor of a session that a session check blocks.
	BlockedUserID    string `json:"blockedUserId"`
	BlockedSessionID string `json:"blockedSessionId"`
	BlockedCode      string `json:"blockedCode"`
}

// Target is one integration under test.
type Target struct {
	// Name names the subtests.
	Name string
	// Serve starts a server for a and returns its base URL (no trailing
	// slash). The server must:
	//   - serve every auth route under /auth with the integration's mount
	//     function, passing opts;
	//   - run the integration's session middleware (given opts) in front
	//     of the app routes (and, if the integration does so, of /auth);
	//   - serve GET MePath behind the integration's RequireUser, answering
	//     200 JSON MeAnswer from the integration's User/Session accessors
	//     (500 if they report nothing);
	//   - serve GET WhoPath behind the session middleware only, answering
	//     200 JSON WhoAnswer from the User, Session and BlockedSession
	//     accessors.
	//
	// It closes the server when tb ends.
	Serve func(tb testing.TB, a *auth.Auth, opts ...authhttp.Option) (baseURL string)
	// SessionStore, if set, returns the session store of each instance the
	// suite makes ([auth.WithSessionStore]), to run the suite on sessions
	// kept outside the database: a store of the host's, or one on a
	// key-value server. Each call should return a store of its own (on a
	// shared server, under a key prefix of its own), so that scenarios
	// stay apart. The session lookup then costs one
	// Lookup of the store plus the SQL statement that loads the user,
	// which the suite counts instead of the database store's join.
	SessionStore func(tb testing.TB) auth.SessionStore
}

// HandlerTarget makes a Target of an integration that yields an
// http.Handler (net/http, chi, gorilla, gin, echo): Serve runs it in an
// httptest server.
func HandlerTarget(name string, handler func(a *auth.Auth, opts ...authhttp.Option) http.Handler) Target {
	return Target{Name: name, Serve: func(tb testing.TB, a *auth.Auth, opts ...authhttp.Option) string {
		tb.Helper()
		srv := httptest.NewServer(handler(a, opts...))
		tb.Cleanup(srv.Close)
		return srv.URL
	}}
}

// MeHandler is an http.HandlerFunc answering MeAnswer from
// authhttp.UserFrom/SessionFrom, for net/http-based targets. It answers
// 500 when they report nothing, which behind RequireUser never happens.
var MeHandler http.HandlerFunc = func(w http.ResponseWriter, r *http.Request) {
	u, okUser := authhttp.UserFrom(r)
	s, okSession := authhttp.SessionFrom(r)
	if !okUser || !okSession {
		http.Error(w, "conformance: no user or session in the request's context", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(MeAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
}

// WhoHandler is an http.HandlerFunc answering WhoAnswer from
// authhttp.UserFrom, SessionFrom and BlockedSessionFrom, for
// net/http-based targets.
var WhoHandler http.HandlerFunc = func(w http.ResponseWriter, r *http.Request) {
	var who WhoAnswer
	if u, ok := authhttp.UserFrom(r); ok {
		who.UserID = u.ID
	}
	if s, ok := authhttp.SessionFrom(r); ok {
		who.SessionID = s.ID
	}
	if s, u, blocked := authhttp.BlockedSessionFrom(r); blocked != nil {
		who.BlockedSessionID, who.BlockedUserID, who.BlockedCode = s.ID, u.ID, blocked.Code
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(who)
}

// Run runs every scenario against target on every engine
// (authtest.Engines), each engine subtest named after the engine, each
// scenario a subtest: the tree is target.Name/engine/scenario.
func Run(t *testing.T, target Target) {
	t.Helper()
	if target.Name == "" || target.Serve == nil {
		t.Fatalf("conformance: Target %+v needs a Name and a Serve function", target)
	}
	t.Run(target.Name, func(t *testing.T) {
		authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
			for _, sc := range scenarios {
				t.Run(sc.name, func(t *testing.T) { sc.run(t, e, target) })
			}
		})
	})
}

// scenario is one story the suite tells every target on every engine.
type scenario struct {
	name string
	run  func(t *testing.T, e *authtest.Engine, target Target)
}

// scenarios are the suite, in the order they run.
var scenarios = []scenario{
	{"cookie session", cookieSession},
	{"bearer session", bearerSession},
	{"malformed cookie", malformedCookie},
	{"require user", requireUser},
	{"session routes", sessionRoutes},
	{"revoke own session", revokeOwnSession},
	{"csrf", csrf},
	{"error answers", errorAnswers},
	{"rate limit", rateLimit},
	{"encode errors", encodeErrors},
	{"resolve once", resolveOnce},
	{"session checks", sessionChecks},
}
