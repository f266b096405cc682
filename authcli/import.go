package authcli

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/sqlb"
)

const importUsage = `usage:
  auth import better-auth --source-driver NAME --source DSN [--source-dialect D] [--dry-run] [--batch N]
  auth import jsonl [--name NAME] [--dry-run] [--batch N] FILE
  auth import csv [--name NAME] [--dry-run] [--batch N] FILE

Imports users, verified addresses, password hashes, OAuth accounts and live
sessions from another system (see docs/migrating.md). The better-auth source
is opened with the database/sql driver NAME, which the host binary must
register; its dialect follows from the driver's name (pgx, postgres, mysql,
sqlite, sqlite3) or --source-dialect (postgres, mysql, sqlite). A run is
idempotent and resumable; --dry-run writes nothing and reports what a run
would import. A progress line goes to stderr after each batch, the report
to stdout, with every record not imported and why (the exit status is 0
all the same: read the report). Needs authimport.New() among the
instance's plugins.
`

// importCmd runs auth import with the arguments that follow "import".
func importCmd(ctx context.Context, a *auth.Auth, c *config, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		w := c.stdout
		if len(args) == 0 {
			w = c.stderr
		}
		fmt.Fprint(w, importUsage)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	kind := args[0]
	fs := flag.NewFlagSet("auth import "+kind, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dry := fs.Bool("dry-run", false, "")
	batch := fs.Int("batch", authimport.DefaultBatchSize, "")
	name := fs.String("name", kind, "")
	driver := fs.String("source-driver", "", "")
	dsn := fs.String("source", "", "")
	dialect := fs.String("source-dialect", "", "")
	usageErr := func(format string, v ...any) int {
		fmt.Fprintf(c.stderr, "auth import: "+format+"\n\n", v...)
		fmt.Fprint(c.stderr, importUsage)
		return ExitUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.stdout, importUsage)
			return ExitOK
		}
		return usageErr("%v", err)
	}
	var open func() (authimport.Source, func(), error)
	switch kind {
	case "better-auth":
		if *driver == "" || *dsn == "" || fs.NArg() > 0 {
			return usageErr("better-auth needs --source-driver and --source, and no other argument")
		}
		d, err := sourceDialect(*driver, *dialect)
		if err != nil {
			return usageErr("%v", err)
		}
		open = func() (authimport.Source, func(), error) {
			db, err := sql.Open(*driver, *dsn)
			if err != nil {
				return nil, nil, err
			}
			return authimport.BetterAuth(db, d), func() { db.Close() }, nil
		}
	case "jsonl", "csv":
		if fs.NArg() != 1 {
			return usageErr("%s needs one file", kind)
		}
		open = func() (authimport.Source, func(), error) {
			f, err := os.Open(fs.Arg(0))
			if err != nil {
				return nil, nil, err
			}
			if kind == "csv" {
				return authimport.CSV(*name, f), func() { f.Close() }, nil
			}
			return authimport.JSONLines(*name, f), func() { f.Close() }, nil
		}
	default:
		return usageErr("unknown source %q", kind)
	}
	p, ok := authimport.From(a)
	if !ok {
		fmt.Fprintf(c.stderr, "auth import: %v\n", authimport.ErrNoPlugin)
		return ExitError
	}
	src, closeSrc, err := open()
	if err != nil {
		fmt.Fprintf(c.stderr, "auth import: %v\n", err)
		return ExitError
	}
	defer closeSrc()
	opts := []authimport.Option{authimport.WithBatchSize(*batch), authimport.WithProgress(c.stderr)}
	if *dry {
		opts = append(opts, authimport.DryRun())
	}
	report, err := p.Import(ctx, src, opts...)
	if report != nil {
		report.WriteTo(c.stdout)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "auth import: %v\n", err)
		return ExitError
	}
	return ExitOK
}

// sourceDialect is the dialect named, or the one of a driver's name.
func sourceDialect(driver, name string) (*sqlb.Dialect, error) {
	if name == "" {
		name = driver
	}
	switch name {
	case "pgx", "postgres", "postgresql":
		return sqlb.Postgres, nil
	case "mysql", "mariadb":
		return sqlb.MySQL, nil
	case "sqlite", "sqlite3":
		return sqlb.SQLite, nil
	}
	return nil, fmt.Errorf("no dialect for the driver %q: give --source-dialect postgres, mysql or sqlite", driver)
}
