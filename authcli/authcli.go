package authcli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Exit codes of [Run].
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
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
	run           func(ctx context.Context, a *auth.Auth, c *config) error
}

var commands = []command{
	{"migrate", "create and update the auth tables", migrate},
	{"sweep", "delete expired sessions, tokens and rate counters", sweep},
	{"maintain", "run the plugins' periodic jobs", maintain},
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
	for _, cmd := range commands {
		if cmd.name != args[0] {
			continue
		}
		fs := flag.NewFlagSet("auth "+cmd.name, flag.ContinueOnError)
		fs.SetOutput(io.Discard) // Run prints usage itself, once, where it belongs
		cmdUsage := func(w io.Writer) { fmt.Fprintf(w, "usage: auth %s\n\n%s.\n", cmd.name, cmd.summary) }
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
		if err := cmd.run(ctx, a, c); err != nil {
			fmt.Fprintf(c.stderr, "auth %s: %v\n", cmd.name, err)
			return ExitError
		}
		return ExitOK
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
}

func migrate(ctx context.Context, a *auth.Auth, c *config) error {
	return a.Migrate(ctx, auth.MigrateProgress(func(plugin string, applied []string) {
		if len(applied) == 0 {
			fmt.Fprintf(c.stdout, "%s: up to date\n", plugin)
			return
		}
		fmt.Fprintf(c.stdout, "%s: applied %s\n", plugin, strings.Join(applied, ", "))
	}))
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
