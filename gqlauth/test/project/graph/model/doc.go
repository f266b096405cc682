// Package model holds the Go types gqlgen generates for the schema's
// inputs and outputs (models_gen.go).
package model
