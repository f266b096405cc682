// Package test holds the tests of authimport and the cookie bridge on
// every engine: a better-auth database made by better-auth itself
// (betterauth/, run with Node.js), the generic formats, and faults,
// hostile rows and attacks.
package test
