package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/sesame-go/sesame/lookup"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command with args (without the program name) and returns its
// exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lookup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	baseURL := fs.String("url", "", "base `URL` of a Classmere API (default: the embedded sample catalogue)")
	limit := fs.Int("limit", 20, "print at most `N` hits")
	timeout := fs.Duration("timeout", 10*time.Second, "give up after `D`")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: lookup [-url URL] [-limit N] [-timeout D] courses|buildings WORDS...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() < 2 || (fs.Arg(0) != "courses" && fs.Arg(0) != "buildings") || *limit < 1 {
		fs.Usage()
		return 2
	}
	what, query := fs.Arg(0), strings.Join(fs.Args()[1:], " ")

	url := *baseURL
	if url == "" {
		local, stop, err := serveCatalogue()
		if err != nil {
			fmt.Fprintf(stderr, "lookup: serving the sample catalogue: %v\n", err)
			return 1
		}
		defer stop()
		url = local
	}
	client, err := lookup.New(url, lookup.WithTimeout(*timeout), lookup.WithUserAgent("sesame-lookup-cli/1"))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if what == "courses" {
		err = searchCourses(ctx, client, query, *limit, stdout)
	} else {
		err = searchBuildings(ctx, client, query, *limit, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// serveCatalogue serves lookup.Handler on a loopback port and returns its
// base URL and a function that stops it.
func serveCatalogue() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: lookup.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}
