// Package test holds the organization plugin's tests on every engine:
// they need database drivers, which the plugin's own module does not.
package test
