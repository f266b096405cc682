package main

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// TestTablesUpToDate regenerates plugin/username/tables.go and compares
// the bytes with the committed file. It reads confusables.txt, Version
// 15.0.0, from testdata (Unicode's data file as Debian's icu 72.1 source
// package ships it, under Unicode's terms of use, which its header
// cites; see the package documentation), or from the file
// SESAME_CONFUSABLES names. It is skipped when Go's Unicode tables are
// another version than 15.0.0.
func TestTablesUpToDate(t *testing.T) {
	path := os.Getenv("SESAME_CONFUSABLES")
	if path == "" {
		path = "testdata/confusables.txt"
	}
	got, err := generate(path)
	if errors.Is(err, errVersion) {
		t.Skipf("this Go's Unicode tables are not 15.0.0's: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../plugin/username/tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("plugin/username/tables.go differs from what the generator writes: run go run . -confusables %s", path)
	}
}

// TestParseConfusablesRefusesOtherFiles: a file of another version, or
// changed, is refused by its checksum.
func TestParseConfusablesRefusesOtherFiles(t *testing.T) {
	if _, err := parseConfusables([]byte("# Version: 15.0.0\n0430 ;\t0061 ;\tMA\n")); err == nil {
		t.Error("parseConfusables accepted a file whose checksum is not the pinned one")
	}
}
