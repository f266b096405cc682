// Package authcli gives the host's binary Sesame's maintenance commands:
//
//	auth migrate    create and update the tables, printing a line per plugin
//	auth sweep      delete expired sessions, tokens and rate counters
//	auth maintain   run the plugins' periodic jobs
//	auth import     import users from better-auth, JSON lines or CSV
//	auth openapi    write the OpenAPI 3.1 document of the routes (--out FILE)
//	auth client ts  write the TypeScript client of the routes (--out DIR)
//	auth graphql    write the GraphQL schema of the operations (--out FILE)
//
// auth import needs the import plugin (authimport.New) among the
// instance's plugins, and for a better-auth database, the database/sql
// driver its --source-driver names registered in the host's binary:
//
//	auth import better-auth --source-driver pgx --source "$OLD_DATABASE_URL" --dry-run
//	auth import jsonl --name auth0 users.jsonl
//
// Call [Run] from the host's main with the arguments after the command
// name, typically when os.Args[1] is "auth", and exit with its result.
// Run sweep and maintain from cron: Sesame runs nothing in the background.
//
// # Schema tools
//
//	auth migrate --print-sql                  print what migrate would run now, running nothing
//	auth migrate --print-sql --dialect mysql  print every migration for an empty database of an engine, without connecting
//	auth migrate --check                      report how the live schema departs from the declared one
//
// --print-sql prints the statements of [auth.Auth.PlanMigrations];
// --check prints the report of [auth.Auth.CheckSchema]. docs/schema.md
// says what each compares and how to run them in CI.
//
// # Surfaces for clients
//
// auth openapi prints the document of [authhttp.OpenAPI] (docs/openapi.md);
// auth client ts --out DIR writes a typed TypeScript client, index.ts and
// package.json, with a method per operation of the instance
// (docs/typescript-client.md); auth graphql --out FILE writes the GraphQL
// schema of [authhttp.GraphQLSchema] for gqlgen, and with
// --resolver-template FILE the resolver template that makes gqlgen
// generate the resolvers of its fields (docs/graphql.md). All derive
// everything from the instance's operations: regenerate them when its
// plugins change.
//
// # Exit codes
//
// 0 on success, 1 when the command failed, 2 for a usage error, 3 when
// migrate --check found drift. -h prints help and exits 0.
package authcli
