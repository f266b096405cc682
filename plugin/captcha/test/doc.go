// Package test holds the captcha plugin's tests that need real databases
// (through authtest) and fake verify servers of the providers: a module
// of its own, so that the plugin's module needs no database driver.
package test
