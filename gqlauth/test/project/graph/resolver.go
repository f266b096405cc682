// Package graph is the test project's gqlgen package: its schema files,
// the code gqlgen generates from them, and the resolvers.
package graph

// Resolver is the root resolver: the operations' resolvers need nothing
// of it, gqlauth finds the instance in the request's context.
type Resolver struct{}
