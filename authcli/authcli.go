package authcli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/sesame-go/sesame/auth"
)

// Exit codes of [Run].
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
	// ExitDrift is auth migrate --check's answer when the live schema
	// departs from the declared one.
	ExitDrift = 3
)

// Option configures [Run].
type Option func(*config)

type config struct {
	stdout, stderr io.Writer
}

// WithOutput sets where Run writes; os.Stdout and os.Stderr by default.
func WithOutput(stdout, stderr io.Writer) Option {
	return func(c *config) { c.stdout, c.stderr = stdout, stderr }
}

type command struct {
	name, summary string
	// flags declares the command's flags on fs and returns what runs it;
	// its result is the exit code.
	flags func(fs *flag.FlagSet) func(ctx context.Context, a *auth.Auth, c *config) int
}

var commands = []command{
	{"migrate", "create and update the auth tables", migrateFlags},
	{"sweep", "delete expired sessions, tokens and rate counters", plain(sweep)},
	{"maintain", "run the plugins' periodic jobs", plain(maintain)},
	{"openapi", "write the OpenAPI 3.1 document of the routes", openapiFlags},
	{"graphql", "write the GraphQL schema of the operations, for gqlgen and gqlauth", graphqlFlags},
}

// plain is a command without flags that fails with ExitError.
func plain(run func(ctx context.Context, a *auth.Auth, c *config) error) func(*flag.FlagSet) func(context.Context, *auth.Auth, *config) int {
	return func(fs *flag.FlagSet) func(context.Context, *auth.Auth, *config) int {
		return func(ctx context.Context, a *auth.Auth, c *config) int {
			if err := run(ctx, a, c); err != nil {
				fmt.Fprintf(c.stderr, "auth %s: %v\n", fs.Name()[len("auth "):], err)
				return ExitError
			}
			return ExitOK
		}
	}
}

// Run runs one command, args being what follows "auth" on the command
// line: ["migrate"], ["sweep", "-h"] ... It returns the exit code.
func Run(ctx context.Context, a *auth.Auth, args []string, opts ...Option) int {
	c := &config{stdout: os.Stdout, stderr: os.Stderr}
	for _, o := range opts {
		o(c)
	}
	if len(args) == 0 {
		usage(c.stderr)
		return ExitUsage
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(c.stdout)
		return ExitOK
	}
	if args[0] == "import" {
		return importCmd(ctx, a, c, args[1:])
	}
	if args[0] == "client" {
		return clientCmd(ctx, a, c, args[1:])
	}
	for _, cmd := range commands {
		if cmd.name != args[0] {
			continue
		}
		fs := flag.NewFlagSet("auth "+cmd.name, flag.ContinueOnError)
		fs.SetOutput(io.Discard) // Run prints usage itself, once, where it belongs
		run := cmd.flags(fs)
		cmdUsage := func(w io.Writer) {
			fmt.Fprintf(w, "usage: auth %s\n\n%s.\n", cmd.name, cmd.summary)
			fs.SetOutput(w)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
		if err := fs.Parse(args[1:]); err != nil {
			if err == flag.ErrHelp {
				cmdUsage(c.stdout)
				return ExitOK
			}
			fmt.Fprintf(c.stderr, "auth %s: %v\n", cmd.name, err)
			cmdUsage(c.stderr)
			return ExitUsage
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(c.stderr, "auth %s: unexpected argument %q\n", cmd.name, fs.Arg(0))
			return ExitUsage
		}
		return run(ctx, a, c)
	}
	fmt.Fprintf(c.stderr, "auth: unknown command %q\n\n", args[0])
	usage(c.stderr)
	return ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: auth <command>\n\ncommands:")
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", cmd.name, cmd.summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "import", "import users from better-auth, JSON lines or CSV (auth import -h)")
	fmt.Fprintf(w, "  %-9s %s\n", "client", "write the TypeScript client of the routes (auth client ts --out DIR)")
}

func sweep(ctx context.Context, a *auth.Auth, c *config) error {
	report, err := a.Sweep(ctx)
	names := make([]string, 0, len(report))
	for name := range report {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(c.stdout, "%s: deleted %d\n", name, report[name])
	}
	return err
}

func maintain(ctx context.Context, a *auth.Auth, c *config) error {
	if err := a.Maintain(ctx); err != nil {
		return err
	}
	fmt.Fprintln(c.stdout, "maintenance done")
	return nil
}
