// Package test holds the geo plugin's tests and its MaxMind adapter's, on
// databases built by the tests with mmdbwriter, on every engine: country
// rules in each outcome, impossible travel driven by a test clock, a
// failing GeoIP, and a failure at every statement.
package test
