// Package project is the gqlgen project gqlauth/test serves, built as a
// host builds one: gqlgen.yml, the schema and resolver template that auth
// graphql writes for the instance of package app (graph/auth.graphqls,
// graph/resolver.gotpl), the host's own schema, and what gqlgen's
// generator writes from them (go run github.com/99designs/gqlgen
// generate, run in this directory). It is its own module so that the test
// module, which requires authtest, holds tests only.
package project
