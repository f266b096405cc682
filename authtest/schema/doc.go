// Package schema holds the tests of Sesame's schema tooling that need
// every plugin at once, the password and passkey modules included: no
// drift after Migrate, the upgrade from each release's frozen schema
// (testdata/v*), the stability of the covered columns, and the rule that
// every migration only adds. It has no API of its own.
package schema
