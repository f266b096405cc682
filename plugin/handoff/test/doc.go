// Package test holds the handoff plugin's tests that need real databases
// (through authtest) and the password plugin: a module of its own, so
// that the plugin's module needs neither.
package test
