// Package gqlauth serves a Sesame instance's operations over GraphQL with
// gqlgen: each operation is a field of the schema that auth graphql
// generates ([Schema]), resolved by running the same operation through the
// same pipeline as its HTTP route (rate limits, the CSRF origin check of a
// cookie-carrying mutation, session requirement and checks, one
// transaction) by way of [authhttp.Invoke]; there is no second path.
//
// # Wiring
//
// Generate the schema and gqlgen's resolver template from the instance
// (auth graphql --out graph/auth.graphqls --resolver-template
// graph/resolver.gotpl), point gqlgen.yml's resolver_template at the
// template and mark @sesame skip_runtime, and run gqlgen's generator: the
// resolver of every operation's field is generated as a call of [Resolve].
// Serve the gqlgen server behind [authhttp.Middleware] and [Handler]:
//
//	srv := handler.New(graph.NewExecutableSchema(graph.Config{
//		Resolvers:  &graph.Resolver{},
//		Directives: graph.DirectiveRoot{Authenticated: gqlauth.Authenticated},
//	}))
//	srv.AddTransport(transport.POST{})
//	srv.Use(extension.FixedComplexityLimit(200))
//	srv.Use(gqlauth.DepthLimit(10))
//	mux.Handle("/graphql", authhttp.Middleware(a)(gqlauth.Handler(a, srv)))
//
// docs/graphql.md goes through it step by step.
//
// # Sessions
//
// A session an operation starts reaches the GraphQL request's HTTP answer
// as the routes give it: the session cookie, or the Auth-Token header when
// the request sent "Auth-Token-Mode: bearer"; a sign-out clears the
// cookie. [User] and [Session] give a host's own resolvers the caller, and
// [Authenticated] implements @authenticated.
//
// # Errors
//
// An operation's error becomes a GraphQL error whose extensions carry its
// code, its HTTP status and, for rate_limited, retryAfter in seconds. An
// internal error's cause is never sent.
//
// # Security
//
// Every field runs the whole pipeline, so that aliases or batches of one
// operation in a request count against its rate limits one by one. A
// mutation that carries the session cookie must come with a trusted Origin
// (invalid_origin otherwise); one authenticated by a bearer token needs
// none, as over the routes. Limit what a request may ask for: the body's
// size ([BodyLimit]), the query's complexity (gqlgen's
// extension.FixedComplexityLimit) and depth ([DepthLimit]); serve
// mutations over POST only (gqlgen's GET transport runs queries only).
package gqlauth
