package authtest

import (
	"os/exec"
	"slices"
	"testing"
)

// Chromium returns the path of a Chromium (or Chrome) for browser tests
// to drive. When there is none the test is skipped with a line saying
// so, or fails when [EnvRequire] names "chromium", as CI's does.
func Chromium(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if slices.Contains(requiredEngines(), "chromium") {
		tb.Fatalf("authtest: chromium is required by %s but is not installed (apt-get install chromium)", EnvRequire)
	}
	tb.Skipf("authtest: chromium skipped: not installed (apt-get install chromium, or name it in %s to require it)", EnvRequire)
	return ""
}
