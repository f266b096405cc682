// Package test checks package totp against an independent implementation,
// github.com/pquerna/otp, in a module of its own so that the root module
// keeps to the standard library.
package test
