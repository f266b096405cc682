package authcli

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// openapiFlags declares auth openapi's flags: it writes the OpenAPI 3.1
// document of the instance's routes ([authhttp.OpenAPI]) to --out, or to
// standard output.
func openapiFlags(fs *flag.FlagSet) func(context.Context, *auth.Auth, *config) int {
	out := fs.String("out", "", "the file to write; standard output when empty or -")
	prefix := fs.String("prefix", "", "the path the routes are mounted at, as authhttp.Prefix; the base URL's path by default")
	return func(_ context.Context, a *auth.Auth, c *config) int {
		var opts []authhttp.Option
		if *prefix != "" {
			opts = append(opts, authhttp.Prefix(*prefix))
		}
		doc, err := authhttp.OpenAPI(a, opts...)
		if err == nil {
			err = writeOut(c, *out, doc)
		}
		if err != nil {
			fmt.Fprintf(c.stderr, "auth openapi: %v\n", err)
			return ExitError
		}
		return ExitOK
	}
}

// writeOut writes data to the file path, or to standard output.
func writeOut(c *config, path string, data []byte) error {
	if path == "" || path == "-" {
		_, err := c.stdout.Write(data)
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
