package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
	"time"
)

// tree is a repository with a core module, a nested module, a module
// with upper-case letters in its path, a fixture module under testdata, a
// vendored file and a symbolic link.
var tree = fstest.MapFS{
	"go.mod":                    {Data: []byte("module example.com/core // the core\n\ngo 1.26\n")},
	"README.md":                 {Data: []byte("core")},
	"auth/auth.go":              {Data: []byte("package auth")},
	"auth/testdata/a.json":      {Data: []byte("{}")},
	"auth/vendor/x/x.go":        {Data: []byte("package x")},
	"auth/link.go":              {Data: []byte("auth.go"), Mode: os.ModeSymlink},
	"gin/go.mod":                {Data: []byte("module example.com/core/gin\n")},
	"gin/gin.go":                {Data: []byte("package gin")},
	"gin/test/go.mod":           {Data: []byte("module \"example.com/core/gin/test\"\n")},
	"gin/test/gin_test.go":      {Data: []byte("package test")},
	"Big/go.mod":                {Data: []byte("module example.com/core/Big\n")},
	"Big/big.go":                {Data: []byte("package big")},
	"sqlb/testdata/mod/go.mod":  {Data: []byte("module fixture\n")},
	"sqlb/testdata/mod/main.go": {Data: []byte("package main")},
	"sqlb/sqlb.go":              {Data: []byte("package sqlb")},
}

func files(fsys fstest.MapFS) []string {
	var out []string
	for name := range fsys {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func TestModules(t *testing.T) {
	got, err := Modules(tree, files(tree))
	if err != nil {
		t.Fatal(err)
	}
	want := []Module{
		{Dir: ".", Path: "example.com/core", Files: []string{"README.md", "auth/auth.go", "auth/testdata/a.json", "go.mod", "sqlb/sqlb.go"}},
		{Dir: "Big", Path: "example.com/core/Big", Files: []string{"big.go", "go.mod"}},
		{Dir: "gin", Path: "example.com/core/gin", Files: []string{"gin.go", "go.mod"}},
		{Dir: "gin/test", Path: "example.com/core/gin/test", Files: []string{"gin_test.go", "go.mod"}},
	}
	if len(got) != len(want) {
		t.Fatalf("Modules = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Dir != want[i].Dir || got[i].Path != want[i].Path || !slices.Equal(got[i].Files, want[i].Files) {
			t.Errorf("Modules[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestWrite(t *testing.T) {
	out := t.TempDir()
	when := time.Date(2026, 11, 23, 9, 0, 0, 0, time.FixedZone("CET", 3600))
	if _, err := Write(out, tree, files(tree), "v0.1.0", when); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "example.com", "core", "!big", "@v")
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read("list"); got != "v0.1.0\n" {
		t.Errorf("list = %q, want %q", got, "v0.1.0\n")
	}
	if got, want := read("v0.1.0.mod"), "module example.com/core/Big\n"; got != want {
		t.Errorf("v0.1.0.mod = %q, want %q", got, want)
	}
	var info struct{ Version, Time string }
	if err := json.Unmarshal([]byte(read("v0.1.0.info")), &info); err != nil {
		t.Fatal(err)
	}
	if info.Version != "v0.1.0" || info.Time != "2026-11-23T08:00:00Z" {
		t.Errorf("v0.1.0.info = %+v, want v0.1.0 at 2026-11-23T08:00:00Z", info)
	}
	z, err := zip.OpenReader(filepath.Join(dir, "v0.1.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	want := []string{"example.com/core/Big@v0.1.0/big.go", "example.com/core/Big@v0.1.0/go.mod"}
	if !slices.Equal(names, want) {
		t.Errorf("zip holds %q, want %q", names, want)
	}
}

func TestWriteRefusesVersions(t *testing.T) {
	for _, v := range []string{"", "0.1.0", "v0.1", "v2.0.0", "v0.1.0+build", "v01.0.0", "v0.1.0-"} {
		if _, err := Write(t.TempDir(), tree, files(tree), v, time.Now()); err == nil {
			t.Errorf("Write(%q) = nil error, want one", v)
		}
	}
	for _, v := range []string{"v0.1.0", "v1.12.3", "v0.2.0-rc.1"} {
		if _, err := Write(t.TempDir(), tree, files(tree), v, time.Now()); err != nil {
			t.Errorf("Write(%q) = %v, want nil", v, err)
		}
	}
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"github.com/sesame-go/sesame", "github.com/sesame-go/sesame"},
		{"github.com/BurntSushi/toml", "github.com/!burnt!sushi/toml"},
	}
	for _, tt := range tests {
		if got, err := escape(tt.in); got != tt.want || err != nil {
			t.Errorf("escape(%q) = %q, %v, want %q, nil", tt.in, got, err, tt.want)
		}
	}
	if got, err := escape("example.com/a!b"); err == nil {
		t.Errorf("escape(%q) = %q, nil, want an error", "example.com/a!b", got)
	}
}
