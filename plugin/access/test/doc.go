// Package test holds the access plugin's tests that need real databases
// (through authtest) and the apikey and admin plugins: a module of its
// own, so that the plugin's module needs no database driver.
package test
