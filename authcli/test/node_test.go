package test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

var npm struct {
	once sync.Once
	err  error
}

// tools installs npm/'s locked packages (swagger-parser, typescript,
// Node's types) once per test process, unless they are installed, and
// returns the directory of their node_modules.
func tools(t testing.TB) string {
	t.Helper()
	for _, cmd := range []string{"node", "npm"} {
		if _, err := exec.LookPath(cmd); err != nil {
			t.Fatalf("%s is required (Node.js 20 or later): %v", cmd, err)
		}
	}
	npm.once.Do(func() {
		lock, err1 := os.Stat("npm/package-lock.json")
		installed, err2 := os.Stat("npm/node_modules/.package-lock.json")
		if err1 == nil && err2 == nil && !installed.ModTime().Before(lock.ModTime()) {
			return
		}
		cmd := exec.Command("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
		cmd.Dir = "npm"
		if out, err := cmd.CombinedOutput(); err != nil {
			npm.err = fmt.Errorf("npm ci in npm/: %v\n%s", err, out)
		}
	})
	if npm.err != nil {
		t.Fatal(npm.err)
	}
	abs, err := filepath.Abs("npm/node_modules")
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// run runs a command in dir, returning its combined output and whether
// it succeeded.
func run(t testing.TB, dir string, env []string, name string, args ...string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// workspace makes a directory for the TypeScript tests: ts/'s files, the
// client of a in client/, the golden client of every plugin in every/,
// and node_modules linked to the tools.
func workspace(t testing.TB, a *auth.Auth) string {
	t.Helper()
	modules := tools(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("ts")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dir, "every"), os.DirFS("testdata/client")); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	args := []string{"client", "ts", "--out", filepath.Join(dir, "client")}
	if code := authcli.Run(t.Context(), a, args, authcli.WithOutput(&stderr, &stderr)); code != authcli.ExitOK {
		t.Fatalf("Run(%q) = %d, want 0: %s", args, code, stderr.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// capture is an email sender that keeps the newest link token of each
// address, and serves it to the Node tests at GET ?to=ADDRESS.
type capture struct {
	mu     sync.Mutex
	tokens map[string]string
}

var linkToken = regexp.MustCompile(`[?&]token=([^\s&]+)`)

func (c *capture) Send(_ context.Context, m email.Message) error {
	match := linkToken.FindStringSubmatch(m.Text)
	if match == nil {
		return nil
	}
	token, err := url.QueryUnescape(match[1])
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tokens[m.To] = token
	return nil
}

func (c *capture) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("to")
	for deadline := time.Now().Add(authtest.MailWait); ; time.Sleep(5 * time.Millisecond) {
		c.mu.Lock()
		token, ok := c.tokens[to]
		c.mu.Unlock()
		if ok {
			w.Write([]byte(token))
			return
		}
		if time.Now().After(deadline) {
			http.Error(w, "no token mailed to "+to, http.StatusNotFound)
			return
		}
	}
}

// TestClientJourney compiles the client of an instance with the email and
// password plugins, and the Node test suite ts/journey.test.ts, with
// tsc --strict, and runs the suite against the instance served on
// 127.0.0.1: sign-up, verification with the mailed token, sign-in in
// bearer mode and in cookie mode, the session, sign-out, and an error
// handled by an exhaustive switch over its closed union.
func TestClientJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		mail := &capture{tokens: map[string]string{}}
		srv := httptest.NewUnstartedServer(nil)
		base := "http://" + srv.Listener.Addr().String() + "/auth"
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(base), auth.WithoutRateLimits(),
			auth.WithPlugins(email.New(email.WithSender(mail)), password.New(password.WithHasher(cheapHasher(t)))))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		mux.Handle("/auth/", authhttp.Handler(a))
		mux.Handle("/test/mail", mail)
		srv.Config.Handler = mux
		srv.Start()
		defer srv.Close()

		dir := workspace(t, a)
		if out, ok := run(t, dir, nil, "node", "node_modules/typescript/bin/tsc", "-p", "."); !ok {
			t.Fatalf("tsc -p ts/ failed:\n%s", out)
		}
		env := []string{"SESAME_BASE_URL=" + base, "SESAME_MAIL_URL=" + srv.URL + "/test/mail"}
		out, ok := run(t, dir, env, "node", "--test", "dist/journey.test.js")
		if !ok {
			t.Fatalf("node --test failed:\n%s", out)
		}
		if !strings.Contains(out, "# pass 3") || !strings.Contains(out, "# fail 0") {
			t.Errorf("node --test ran other than 3 passing tests:\n%s", out)
		}
	})
}

// TestClientHostile compiles and runs ts/hostile.test.ts, which drives
// the client of every plugin through a recording fetch: path parameters
// that try to leave their segment, query values that try to add
// parameters, tokens in the wrong mode, a token planted in a cookie-mode
// answer, a success that is not JSON, and the token forgotten when the
// server ends the session.
func TestClientHostile(t *testing.T) {
	dir := workspace(t, everything(t))
	args := append(slices.Clip(tsc[1:]), "--outDir", "dist", "hostile.test.ts")
	args = slices.DeleteFunc(args, func(a string) bool { return a == "--noEmit" })
	if out, ok := run(t, dir, nil, "node", append([]string{tsc[0]}, args...)...); !ok {
		t.Fatalf("tsc hostile.test.ts failed:\n%s", out)
	}
	out, ok := run(t, dir, nil, "node", "--test", "dist/hostile.test.js")
	if !ok {
		t.Fatalf("node --test failed:\n%s", out)
	}
	if !strings.Contains(out, "# pass 8") || !strings.Contains(out, "# fail 0") {
		t.Errorf("node --test ran other than 8 passing tests:\n%s", out)
	}
}
