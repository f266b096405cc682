// Package test proves the generated surfaces of an instance with every
// plugin: the OpenAPI document (golden, and valid to swagger-parser, an
// independent validator from npm) and the TypeScript client (golden,
// compiled by tsc --strict, and driven by a Node test suite against a
// live server).
package test
