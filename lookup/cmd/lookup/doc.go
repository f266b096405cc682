// Command lookup searches the courses and buildings of a Classmere API from
// a terminal and prints the hits as a table, best first.
//
// # Usage
//
//	lookup [-url URL] [-limit N] [-timeout D] courses|buildings WORDS...
//
// Without -url it searches the sample catalogue embedded in
// github.com/sesame-go/sesame/lookup, served in-process on a loopback port,
// so it works with no network:
//
//	go run ./lookup/cmd/lookup courses nutrition
//	go run ./lookup/cmd/lookup buildings kelley
//	go run ./lookup/cmd/lookup -url https://api.classmere.com courses "computer science"
//
// # Exit status
//
// 0 when the search ran (with or without hits), 1 when it failed, 2 for a
// usage error.
package main
