package password

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestIsCommon(t *testing.T) {
	tests := []struct {
		password string
		want     bool
	}{
		{"password", true},
		{"PassWord", true},
		{"123456", true},
		{"qwertyuiop", true},
		{"iloveyou", true},
		{"correct horse battery staple", false},
		{"password ", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := isCommon(tt.password); got != tt.want {
			t.Errorf("isCommon(%q) = %t, want %t", tt.password, got, tt.want)
		}
	}
}

// TestCommonList: the embedded list cites its source, holds at least 1 000
// passwords, each once, in lower case (they are compared so), without
// surrounding space.
func TestCommonList(t *testing.T) {
	if !strings.Contains(commonList, "public domain") || !strings.Contains(commonList, "xato.net") {
		t.Error("common_passwords.txt does not cite its source")
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(commonList, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case seen[line]:
			t.Errorf("common_passwords.txt lists %q twice", line)
		case line != strings.ToLower(line) || line != strings.TrimSpace(line) || !utf8.ValidString(line):
			t.Errorf("common_passwords.txt lists %q: want it in lower case, valid UTF-8, without surrounding space", line)
		}
		seen[line] = true
	}
	if len(seen) < 1000 || len(seen) != len(commonPasswords()) {
		t.Errorf("common_passwords.txt lists %d passwords (%d in the set), want at least 1000", len(seen), len(commonPasswords()))
	}
}
