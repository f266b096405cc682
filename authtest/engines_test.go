package authtest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestEngineSelection runs a child test process under several environments
// and checks which engines run, skip with a clear line, or fail.
func TestEngineSelection(t *testing.T) {
	if os.Getenv("AUTHTEST_CHILD") == "1" {
		return
	}
	tests := []struct {
		name    string
		env     []string
		fail    bool
		outputs []string
	}{
		{"nothing configured", nil, false, []string{
			"--- PASS: TestEngineChild/sqlite",
			"authtest: postgres skipped: set SESAME_TEST_POSTGRES to a DSN to run it",
			"authtest: mysql skipped: set SESAME_TEST_MYSQL to a DSN to run it",
		}},
		{"required but absent", []string{authtest.EnvRequire + "=sqlite, mysql"}, true, []string{
			"--- PASS: TestEngineChild/sqlite",
			"--- SKIP: TestEngineChild/postgres",
			"authtest: mysql is required by SESAME_TEST_REQUIRE_ENGINES but SESAME_TEST_MYSQL is not set",
			"--- FAIL: TestEngineChild/mysql",
		}},
		{"unreachable server fails", []string{authtest.EnvPostgres + "=postgres://nobody@127.0.0.1:1/x?sslmode=disable&connect_timeout=2"}, true, []string{
			"--- FAIL: TestEngineChild/postgres",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestEngineChild$", "-test.v")
			cmd.Env = append(cleanEnv(), "AUTHTEST_CHILD=1")
			cmd.Env = append(cmd.Env, tt.env...)
			out, err := cmd.CombinedOutput()
			if failed := err != nil; failed != tt.fail {
				t.Fatalf("child failed = %v, want %v; output:\n%s", failed, tt.fail, out)
			}
			for _, want := range tt.outputs {
				if !strings.Contains(string(out), want) {
					t.Errorf("child output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// TestRedisSelection runs a child test process that asks for Redis under
// several environments: it skips with a clear line, fails when Redis is
// required, and runs when the URL is set.
func TestRedisSelection(t *testing.T) {
	if os.Getenv("AUTHTEST_CHILD") == "1" {
		return
	}
	tests := []struct {
		name   string
		env    []string
		fail   bool
		output string
	}{
		{"unset", nil, false,
			"authtest: redis skipped: set SESAME_TEST_REDIS to a URL (redis://127.0.0.1:6379/0) to run it"},
		{"required but unset", []string{authtest.EnvRequire + "=sqlite,redis"}, true,
			"authtest: redis is required by SESAME_TEST_REQUIRE_ENGINES but SESAME_TEST_REDIS is not set"},
		{"set", []string{authtest.EnvRedis + "=redis://127.0.0.1:1/0", authtest.EnvRequire + "=redis"}, false,
			"redis URL: redis://127.0.0.1:1/0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestRedisChild$", "-test.v")
			cmd.Env = append(append(cleanEnv(), "AUTHTEST_CHILD=1"), tt.env...)
			out, err := cmd.CombinedOutput()
			if failed := err != nil; failed != tt.fail {
				t.Fatalf("child failed = %v, want %v; output:\n%s", failed, tt.fail, out)
			}
			if !strings.Contains(string(out), tt.output) {
				t.Errorf("child output lacks %q:\n%s", tt.output, out)
			}
		})
	}
}

// TestRedisChild is run by TestRedisSelection in a child process.
func TestRedisChild(t *testing.T) {
	if os.Getenv("AUTHTEST_CHILD") != "1" {
		t.Skip("run by TestRedisSelection")
	}
	t.Logf("redis URL: %s", authtest.RedisURL(t))
}

// TestSkipLog runs Engines twice in a child process with nothing
// configured and SESAME_TEST_SKIPLOG set: the file gets one line per
// skipped engine.
func TestSkipLog(t *testing.T) {
	if os.Getenv("AUTHTEST_CHILD") == "1" {
		return
	}
	log := filepath.Join(t.TempDir(), "skips")
	cmd := exec.Command(os.Args[0], "-test.run=^TestEngineChild$", "-test.count=2")
	cmd.Env = append(cleanEnv(), "AUTHTEST_CHILD=1", authtest.EnvSkipLog+"="+log)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := os.Getwd()
	want := "postgres SESAME_TEST_POSTGRES " + dir + "\nmysql SESAME_TEST_MYSQL " + dir + "\n"
	if string(b) != want {
		t.Errorf("skip log = %q, want %q", b, want)
	}
}

// TestEngineChild is run by TestEngineSelection in a child process.
func TestEngineChild(t *testing.T) {
	if os.Getenv("AUTHTEST_CHILD") != "1" {
		t.Skip("run by TestEngineSelection")
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		if err := e.DB.Ping(); err != nil {
			t.Fatal(err)
		}
	})
}

// cleanEnv is the environment without the engine variables.
func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SESAME_TEST_") {
			continue
		}
		out = append(out, kv)
	}
	return out
}
