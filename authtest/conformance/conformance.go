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

// MePath is the host's protected app route every target serves.
const MePath = "/app/me"

// MeAnswer is what MePath answers: what the integration's user and session
// accessors gave.
type MeAnswer struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	SessionID string `json:"sessionId"`
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
	//     (500 if they report nothing).
	//
	// It closes the server when tb ends.
	Serve func(tb testing.TB, a *auth.Auth, opts ...authhttp.Option) (baseURL string)
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
}
