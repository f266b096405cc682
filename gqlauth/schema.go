package gqlauth

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Schema returns the GraphQL schema of a's operations, as auth graphql
// writes it ([authhttp.GraphQLSchema]): a test of the host's can check
// that its committed schema is the instance's.
func Schema(a *auth.Auth) (string, error) { return authhttp.GraphQLSchema(a) }
