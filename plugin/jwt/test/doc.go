// Package test holds the jwt plugin's tests that need a database or
// third-party JOSE libraries: interoperability with go-jose and jwx, key
// rotation across instances, and faults, on every engine.
package test
