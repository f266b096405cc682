// Package coretest holds the tests of Sesame's core (auth, authhttp,
// authcli) that need a real database: they live here, in the module that
// has the drivers, so that the core's go.mod requires nothing but sqlb.
package coretest
