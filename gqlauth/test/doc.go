// Package test proves gqlauth with a gqlgen project built as a host builds
// one: the schema and resolver template written by auth graphql for the
// instance of package app, gqlgen's generated code (graph/), served over
// real HTTP behind authhttp.Middleware, on every engine.
package test
