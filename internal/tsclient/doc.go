// Package tsclient writes the TypeScript client of an instance's routes
// from their [apimodel.API]: one ESM module, index.ts, with no runtime
// dependency, that holds a type per named type of the model, an object per
// plugin describing its operations, and createAuthClient, whose client has
// a method per operation of the plugins passed to it. auth client ts
// (authcli) writes it.
package tsclient
