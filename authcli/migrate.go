package authcli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// migrateFlags declares auth migrate's flags: by default it migrates;
// --print-sql prints what migrating would run; --check reports drift.
func migrateFlags(fs *flag.FlagSet) func(context.Context, *auth.Auth, *config) int {
	printSQL := fs.Bool("print-sql", false, "print the SQL migrate would run now, executing nothing")
	dialect := fs.String("dialect", "", "with --print-sql: the SQL for an empty database of this engine (sqlite, postgres or mysql), without connecting")
	check := fs.Bool("check", false, "compare the live schema with the declared one; exit 3 on drift")
	return func(ctx context.Context, a *auth.Auth, c *config) int {
		fail := func(code int, format string, args ...any) int {
			fmt.Fprintf(c.stderr, "auth migrate: "+format+"\n", args...)
			return code
		}
		switch {
		case *printSQL && *check:
			return fail(ExitUsage, "--print-sql and --check exclude each other")
		case *dialect != "" && !*printSQL:
			return fail(ExitUsage, "--dialect needs --print-sql")
		case *check:
			drift, err := a.CheckSchema(ctx)
			if err != nil {
				return fail(ExitError, "%v", err)
			}
			fmt.Fprint(c.stdout, drift)
			if !drift.None() {
				return ExitDrift
			}
			return ExitOK
		case *printSQL:
			var opts []auth.PlanOption
			if *dialect != "" {
				d := dialectNamed(*dialect)
				if d == nil {
					return fail(ExitUsage, "unknown dialect %q: want sqlite, postgres or mysql", *dialect)
				}
				opts = append(opts, auth.PlanEmpty(d))
			}
			plan, err := a.PlanMigrations(ctx, opts...)
			if err != nil {
				return fail(ExitError, "%v", err)
			}
			fmt.Fprint(c.stdout, plan.SQL())
			return ExitOK
		}
		err := a.Migrate(ctx, auth.MigrateProgress(func(plugin string, applied []string) {
			if len(applied) == 0 {
				fmt.Fprintf(c.stdout, "%s: up to date\n", plugin)
				return
			}
			fmt.Fprintf(c.stdout, "%s: applied %s\n", plugin, strings.Join(applied, ", "))
		}))
		if err != nil {
			return fail(ExitError, "%v", err)
		}
		return ExitOK
	}
}

func dialectNamed(name string) *sqlb.Dialect {
	for _, d := range sqlb.Dialects() {
		if d.Name() == name {
			return d
		}
	}
	return nil
}
