// Package openapi writes the OpenAPI 3.1 document of an instance's routes
// from their [apimodel.API]: every route with its parameters, request
// body, answer, error answers by status with each status's closed set of
// codes, and the security schemes the routes take (the session cookie,
// bearer tokens, and the headers of credential resolvers such as API
// keys). authhttp's OpenAPI and OpenAPIHandler and the auth openapi
// command publish it.
package openapi
