package authcli

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/internal/gqlschema"
)

// graphqlFlags declares auth graphql's flags: it writes the GraphQL schema
// of the instance's operations ([authhttp.GraphQLSchema]) to --out, or to
// standard output, and gqlgen's resolver template for it to
// --resolver-template, when given. The schema is made here, in the core,
// which needs no gqlgen: only gqlauth, its own module, runs it.
func graphqlFlags(fs *flag.FlagSet) func(context.Context, *auth.Auth, *config) int {
	out := fs.String("out", "", "the schema file to write; standard output when empty or -")
	tmpl := fs.String("resolver-template", "", "also write gqlgen's resolver template (resolver_template in gqlgen.yml) to this file")
	return func(_ context.Context, a *auth.Auth, c *config) int {
		schema, err := authhttp.GraphQLSchema(a)
		if err == nil {
			err = writeOut(c, *out, []byte(schema))
		}
		if err == nil && *tmpl != "" {
			err = os.WriteFile(*tmpl, []byte(gqlschema.ResolverTemplate), 0o644)
		}
		if err != nil {
			fmt.Fprintf(c.stderr, "auth graphql: %v\n", err)
			return ExitError
		}
		return ExitOK
	}
}
