package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
)

func main() {
	confusables := flag.String("confusables", "", "path of confusables.txt, Version 15.0.0 (see the package documentation)")
	out := flag.String("out", "../../../plugin/username/tables.go", "the file to write")
	flag.Parse()
	if *confusables == "" {
		log.Fatal("usernametables: -confusables is required")
	}
	src, err := generate(*confusables)
	if err != nil {
		log.Fatal(err)
	}
	if old, err := os.ReadFile(*out); err == nil && bytes.Equal(old, src) {
		fmt.Println("usernametables:", *out, "is up to date")
		return
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println("usernametables: wrote", *out)
}

// generate reads the confusables and returns the Go source of the tables.
func generate(confusablesPath string) ([]byte, error) {
	if err := checkVersions(); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(confusablesPath)
	if err != nil {
		return nil, err
	}
	conf, err := parseConfusables(raw)
	if err != nil {
		return nil, err
	}
	d, err := derive(conf)
	if err != nil {
		return nil, err
	}
	return d.source()
}
