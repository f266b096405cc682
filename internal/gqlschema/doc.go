// Package gqlschema writes the GraphQL schema of an instance's operations
// from their [apimodel.API], as tsclient writes the TypeScript client: a
// field of Query per operation that reads (changes no state), a field of
// Mutation per one that writes, each carrying the @sesame directive that
// names its operation, with input and output types derived from the Go
// types. authhttp's GraphQLSchema and auth graphql write it; gqlauth
// resolves its fields.
package gqlschema
