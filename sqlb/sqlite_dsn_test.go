package sqlb

import (
	"strings"
	"testing"
)

func TestSQLiteDSN(t *testing.T) {
	tests := []struct {
		path, want string // want: the DSN's part before the settings
	}{
		{"app.db", "file:app.db"},
		{"data/app.db", "file:data/app.db"},
		{"/var/lib/app/app.db", "file:/var/lib/app/app.db"},
		{"my app.db", "file:my app.db"},
		{"what?.db", "file:what%3f.db"},
		{"#1.db", "file:%231.db"},
		{"100%.db", "file:100%25.db"},
		{"a%3f.db", "file:a%253f.db"},
	}
	for _, tt := range tests {
		got := SQLiteDSN(tt.path)
		want := tt.want + "?" + sqlitePragmas
		if got != want {
			t.Errorf("SQLiteDSN(%q) = %q, want %q", tt.path, got, want)
		}
		if strings.Count(got, "?") != 1 || strings.Contains(got, "#") {
			t.Errorf("SQLiteDSN(%q) = %q: the path is not one part of the URI", tt.path, got)
		}
	}
}
