package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Module is one module of the repository: its directory (slash-separated,
// "." for the top), its path as its go.mod declares it, and its files,
// relative to its directory.
type Module struct {
	Dir   string
	Path  string
	Files []string
}

// Write writes, under out, the proxy answers for every module among files
// (slash-separated paths in fsys) at version, dated t, and returns the
// modules.
func Write(out string, fsys fs.FS, files []string, version string, t time.Time) ([]Module, error) {
	if !releaseVersion.MatchString(version) {
		return nil, fmt.Errorf("version %q: want vMAJOR.MINOR.PATCH with MAJOR 0 or 1, an optional -prerelease and no +build", version)
	}
	mods, err := Modules(fsys, files)
	if err != nil {
		return nil, err
	}
	for _, m := range mods {
		if err := writeModule(out, fsys, m, version, t); err != nil {
			return nil, fmt.Errorf("%s: %w", m.Path, err)
		}
	}
	return mods, nil
}

// releaseVersion matches the versions a module of this repository can
// have: semantic versions of major version 0 or 1, since a later major
// version would need a /vN suffix on every module path.
var releaseVersion = regexp.MustCompile(`^v[01]\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// Modules groups files into modules. Every directory holding a go.mod is
// a module; a file belongs to the innermost one above it, as in the go
// command. Modules under a testdata directory are fixtures: their files
// belong to no module and they are not returned. Symbolic links and files
// under a vendor directory are left out, as the go command leaves them out
// of module zips.
func Modules(fsys fs.FS, files []string) ([]Module, error) {
	var dirs []string
	for _, f := range files {
		if path.Base(f) == "go.mod" {
			dirs = append(dirs, path.Dir(f))
		}
	}
	// Longest first, so that the first match is the innermost module.
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) })
	byDir := map[string]*Module{}
	for _, d := range dirs {
		if isFixture(d) {
			continue
		}
		p, err := modulePath(fsys, path.Join(d, "go.mod"))
		if err != nil {
			return nil, err
		}
		byDir[d] = &Module{Dir: d, Path: p}
	}
	for _, f := range files {
		d := owner(dirs, f)
		m := byDir[d]
		if m == nil {
			continue // outside every module, or in a fixture
		}
		rel := f
		if d != "." {
			rel = strings.TrimPrefix(f, d+"/")
		}
		if slices.Contains(strings.Split(path.Dir(rel), "/"), "vendor") {
			continue
		}
		info, err := fs.Lstat(fsys, f)
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		m.Files = append(m.Files, rel)
	}
	var mods []Module
	for _, m := range byDir {
		slices.Sort(m.Files)
		mods = append(mods, *m)
	}
	slices.SortFunc(mods, func(a, b Module) int { return strings.Compare(a.Path, b.Path) })
	return mods, nil
}

// isFixture reports whether dir is under a testdata directory.
func isFixture(dir string) bool {
	return slices.Contains(strings.Split(dir, "/"), "testdata")
}

// owner returns the innermost of dirs (longest first) holding file, or ""
// if none does.
func owner(dirs []string, file string) string {
	for _, d := range dirs {
		if d == "." || strings.HasPrefix(file, d+"/") {
			return d
		}
	}
	return ""
}

// modulePath reads the module path that a go.mod file declares.
func modulePath(fsys fs.FS, name string) (string, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", err
	}
	s := bufio.NewScanner(bytes.NewReader(b))
	for s.Scan() {
		line, _, _ := strings.Cut(s.Text(), "//")
		f := strings.Fields(line)
		if len(f) != 2 || f[0] != "module" {
			continue
		}
		if p, err := strconv.Unquote(f[1]); err == nil {
			return p, nil
		}
		return f[1], nil
	}
	return "", fmt.Errorf("%s declares no module path", name)
}

// writeModule writes the answers for one module.
func writeModule(out string, fsys fs.FS, m Module, version string, t time.Time) error {
	escaped, err := escape(m.Path)
	if err != nil {
		return err
	}
	dir := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod, err := fs.ReadFile(fsys, path.Join(m.Dir, "go.mod"))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{version, t.UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	var zipped bytes.Buffer
	if err := writeZip(&zipped, fsys, m, version); err != nil {
		return err
	}
	for name, content := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
		version + ".zip":  zipped.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeZip writes the module zip: every file of m named
// MODULE@VERSION/PATH.
func writeZip(w *bytes.Buffer, fsys fs.FS, m Module, version string) error {
	z := zip.NewWriter(w)
	for _, rel := range m.Files {
		b, err := fs.ReadFile(fsys, path.Join(m.Dir, rel))
		if err != nil {
			return err
		}
		f, err := z.CreateHeader(&zip.FileHeader{Name: m.Path + "@" + version + "/" + rel, Method: zip.Deflate})
		if err != nil {
			return err
		}
		if _, err := f.Write(b); err != nil {
			return err
		}
	}
	return z.Close()
}

// escape returns a module path or version in the form proxies and the
// module cache use: every upper-case letter becomes '!' followed by its
// lower case, so that paths differing only in case stay apart on
// case-insensitive file systems.
func escape(s string) (string, error) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '!':
			return "", fmt.Errorf("%q: '!' is not allowed in a module path", s)
		case 'A' <= r && r <= 'Z':
			b.WriteByte('!')
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), nil
}
