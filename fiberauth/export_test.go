package fiberauth

// Listen and NewApp are for the tests of package fiberauth_test.
var (
	Listen = listen
	NewApp = newApp
)
