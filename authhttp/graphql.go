package authhttp

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/apimodel"
	"github.com/sesame-go/sesame/internal/gqlschema"
)

// GraphQLSchema returns the GraphQL schema (SDL) of the operations
// [Handler] serves for a, for gqlgen and the gqlauth module, which
// resolves it: Query gets a field per operation that changes no state,
// Mutation one per operation that does, named for the operation
// ("password.signIn" is passwordSignIn) and marked with the @sesame
// directive that names it; input and output types are derived from the
// operations' Go types, as for [OpenAPI]. The schema extends Query and
// Mutation, which the host's own schema declares. The same instance gives
// the same text; auth graphql writes it (docs/graphql.md).
func GraphQLSchema(a *auth.Auth) (string, error) {
	api, err := apimodel.Describe(a)
	if err != nil {
		return "", err
	}
	return gqlschema.Schema(api)
}
