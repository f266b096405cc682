package coretest

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// counter is a plugin whose before-hook counts the operations the
// pipeline runs.
type counter struct{ runs map[string]int }

func (c *counter) Name() string { return "counter" }
func (c *counter) Before(_ context.Context, call *auth.Call, _ any) error {
	c.runs[call.Op().Name]++
	return nil
}

// TestEveryRouteRunsThePipeline calls every registered route and proves
// each handler run went through the runner: the before-hook, which only
// the runner calls, saw exactly the operations whose handlers answered.
func TestEveryRouteRunsThePipeline(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		cnt := &counter{runs: map[string]int{}}
		f := newFixture(t, e, auth.WithPlugins(cnt))
		f.signIn(t, f.c, "ada")
		cnt.runs = map[string]int{}
		routed := 0
		for _, op := range f.a.Operations() {
			info := op.Info()
			if info.ServerOnly() {
				continue // no route: TestCreateUser runs the core's
			}
			routed++
			var body any
			if info.Method != http.MethodGet {
				body = map[string]string{}
			}
			switch info.Name {
			case "authtest.signIn":
				body = map[string]string{"name": "bob"}
			case "core.revokeSession":
				body = map[string]string{"id": "none"}
			case "core.updateUser":
				body = map[string]string{"name": "Ada"}
			}
			res := f.c.Do(info.Method, "/auth"+info.Path, body, nil)
			if info.Name == "core.signOut" {
				f.signIn(t, f.c, "ada")
				cnt.runs["authtest.signIn"]--
			}
			if res.Status >= 500 {
				t.Errorf("%s %s = %d %s", info.Method, info.Path, res.Status, res.Body)
			}
			if got := cnt.runs[info.Name]; got != 1 {
				t.Errorf("%s %s ran its hooks %d times, want 1 (answer %d %s)", info.Method, info.Path, got, res.Status, res.Body)
			}
		}
		if len(cnt.runs) != routed {
			t.Errorf("hooks ran for %v, want every one of %d routed operations", cnt.runs, routed)
		}
	})
}
