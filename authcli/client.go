package authcli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/apimodel"
	"github.com/sesame-go/sesame/internal/tsclient"
)

// clientCmd runs auth client ts --out DIR: it writes the TypeScript
// client of the instance's routes into DIR (index.ts and package.json),
// replacing those files and leaving any other.
func clientCmd(_ context.Context, a *auth.Auth, c *config, args []string) int {
	fs := flag.NewFlagSet("auth client ts", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "the directory to write the client into (required)")
	name := fs.String("name", "sesame-auth-client", "the package's name in its package.json")
	usage := func(w io.Writer) {
		fmt.Fprint(w, "usage: auth client ts --out DIR\n\nwrite the TypeScript client of the instance's routes.\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		usage(c.stdout)
		return ExitOK
	}
	if len(args) == 0 || args[0] != "ts" {
		fmt.Fprintln(c.stderr, "auth client: name the language: auth client ts --out DIR")
		usage(c.stderr)
		return ExitUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		if err == flag.ErrHelp {
			usage(c.stdout)
			return ExitOK
		}
		fmt.Fprintf(c.stderr, "auth client ts: %v\n", err)
		usage(c.stderr)
		return ExitUsage
	}
	if fs.NArg() > 0 || *out == "" {
		fmt.Fprintln(c.stderr, "auth client ts: --out DIR is required, and nothing else")
		usage(c.stderr)
		return ExitUsage
	}
	if err := writeClient(a, *out, *name); err != nil {
		fmt.Fprintf(c.stderr, "auth client ts: %v\n", err)
		return ExitError
	}
	return ExitOK
}

func writeClient(a *auth.Auth, dir, name string) error {
	api, err := apimodel.Describe(a)
	if err != nil {
		return err
	}
	files, err := tsclient.Files(api, name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range slices.Sorted(func(yield func(string) bool) {
		for f := range files {
			if !yield(f) {
				return
			}
		}
	}) {
		if err := os.WriteFile(filepath.Join(dir, f), files[f], 0o644); err != nil {
			return err
		}
	}
	return nil
}
