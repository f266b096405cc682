package test

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// The environment of a child process that serves a site: the SQLite file
// and the key prefix it shares with its siblings.
const (
	envChildDB     = "REDISSTORE_TEST_CHILD_DB"
	envChildPrefix = "REDISSTORE_TEST_CHILD_PREFIX"
	envChildMode   = "REDISSTORE_TEST_CHILD_MODE"
)

// The ways the child processes keep sessions: in the Redis store, or in
// the database with the Redis cache in front.
const (
	modeStore = "store"
	modeCache = "cache"
)

// sessionOptions are the session options of a site of the mode, on sp.
func sessionOptions(sp *space, mode string) (auth.SessionStore, []auth.Option) {
	opts := []auth.Option{auth.WithoutRateLimits()}
	if mode == modeCache {
		return nil, append(opts, auth.WithSessionCache(sp.cache(), time.Minute))
	}
	return sp.sessions(), opts
}

// TestTwoProcesses runs two servers as two OS processes (this test binary
// again, running TestServeChild) on one SQLite file and one Redis, as two
// instances of a host are deployed: a session made by one serves the
// other, and a sign-out on one is seen by the other's very next request,
// as is the end of every other session when the password changes. It runs
// with sessions in the Redis store, and with sessions in the database
// behind the Redis cache, whose drops must reach the other process.
func TestTwoProcesses(t *testing.T) {
	for _, mode := range []string{modeStore, modeCache} {
		t.Run(mode, func(t *testing.T) { twoProcesses(t, mode) })
	}
}

func twoProcesses(t *testing.T, mode string) {
	sp := newSpace(t)
	path := filepath.Join(t.TempDir(), "app.db")
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(path))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	// This process migrates and makes the account; the children serve.
	store, opts := sessionOptions(sp, mode)
	parent := newSite(t, &authtest.Engine{Name: "sqlite", Dialect: sqlb.SQLite, DB: db}, &authtest.Mailbox{}, nil, store, opts...)
	parent.signUp(t, "ada@example.com", "ada's password")
	one, two := serveChild(t, path, sp.prefix, mode), serveChild(t, path, sp.prefix, mode)
	t.Logf("two processes serve at %s and %s", one, two)

	c1 := authtest.ClientOf(t, one)
	c1.Bearer, c1.Origin = true, ""
	id := signIn(t, c1, "ada@example.com", "ada's password").ID
	c2 := authtest.ClientOf(t, two)
	c2.Bearer, c2.Origin, c2.Token = true, "", c1.Token
	for range 2 { // with the cache, the second request is served from it
		if got := sessionOf(t, c2); got != id {
			t.Fatalf("the other process: /app/me session %q, want %q", got, id)
		}
	}
	if keys := sp.keys(t, "cache:*"); mode == modeCache && len(keys) == 0 {
		t.Fatal("the processes cached no session in Redis")
	}
	if res := c1.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
		t.Fatalf("sign-out = %d %s", res.Status, res.Body)
	}
	if got := sessionOf(t, c2); got != "" {
		t.Errorf("the other process's next request still has session %q", got)
	}

	// A password change on one ends, on the other, every other session.
	other := authtest.ClientOf(t, two)
	other.Bearer, other.Origin = true, ""
	signIn(t, other, "ada@example.com", "ada's password")
	sessionOf(t, other) // cached, with the cache
	changer := authtest.ClientOf(t, one)
	changer.Bearer, changer.Origin = true, ""
	kept := signIn(t, changer, "ada@example.com", "ada's password").ID
	res := changer.Post("/auth/password/change", map[string]string{"currentPassword": "ada's password", "newPassword": "ada's new password"})
	if res.Status != http.StatusOK {
		t.Fatalf("password change = %d %s", res.Status, res.Body)
	}
	if got := sessionOf(t, other); got != "" {
		t.Errorf("the other process still serves session %q after the password change", got)
	}
	onTwo := authtest.ClientOf(t, two)
	onTwo.Bearer, onTwo.Origin, onTwo.Token = true, "", changer.Token
	if got := sessionOf(t, onTwo); got != kept {
		t.Errorf("the other process: the changer's session %q, want %q", got, kept)
	}
}

// serveChild starts this test binary as a server of the site on the
// SQLite file at path, keeping sessions as mode says, in Redis under
// prefix, and returns its base URL. The process ends with the test.
func serveChild(t *testing.T, path, prefix, mode string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), envChildDB+"="+path, envChildPrefix+"="+prefix, envChildMode+"="+mode)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() {
		stdin.Close() // the child's signal to stop
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	urls := make(chan string, 1)
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "serving "); ok {
				urls <- url
			}
		}
		io.Copy(io.Discard, stdout)
		cmd.Wait()
	}()
	select {
	case url := <-urls:
		return url
	case <-done:
		t.Fatal("the child process ended before serving")
	case <-time.After(30 * time.Second):
		t.Fatal("the child process did not serve within 30s")
	}
	return ""
}

// TestServeChild is the child process of TestTwoProcesses: it serves the
// site until its standard input closes.
func TestServeChild(t *testing.T) {
	path := os.Getenv(envChildDB)
	if path == "" {
		t.Skip("run by TestTwoProcesses")
	}
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sp := &space{rdb: newClient(t), prefix: os.Getenv(envChildPrefix)}
	store, opts := sessionOptions(sp, os.Getenv(envChildMode))
	s := newSite(t, &authtest.Engine{Name: "sqlite", Dialect: sqlb.SQLite, DB: db}, &authtest.Mailbox{}, nil, store, opts...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: s.h}
	go srv.Serve(ln)
	defer srv.Close()
	fmt.Printf("serving http://%s\n", ln.Addr())
	io.Copy(io.Discard, os.Stdin)
}
