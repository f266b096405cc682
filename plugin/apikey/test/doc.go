// Package test holds the apikey plugin's tests that need real databases
// (through authtest): a module of its own, so that the plugin's module
// needs no database driver.
package test
