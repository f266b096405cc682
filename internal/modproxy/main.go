package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() {
	version := flag.String("version", "", "the version every module gets, such as v0.1.0")
	out := flag.String("out", "", "the proxy's directory, created if absent")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go run ./internal/modproxy -version VERSION -out DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *version == "" || *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(version, out string) error {
	files, err := gitFiles()
	if err != nil {
		return err
	}
	mods, err := Write(out, os.DirFS("."), files, version, time.Now())
	if err != nil {
		return err
	}
	for _, m := range mods {
		fmt.Printf("%s@%s: %d files\n", m.Path, version, len(m.Files))
	}
	return nil
}

// gitFiles lists the files of the working tree that git would publish:
// tracked ones that still exist, and untracked ones .gitignore does not
// exclude.
func gitFiles() ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var files []string
	seen := map[string]bool{}
	for _, f := range strings.Split(string(b), "\x00") {
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		if _, err := os.Lstat(f); errors.Is(err, fs.ErrNotExist) {
			continue // deleted from the working tree, not yet from the index
		}
		files = append(files, f)
	}
	return files, nil
}
