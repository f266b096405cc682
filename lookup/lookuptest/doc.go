// Package lookuptest runs the Classmere API's sample catalogue
// ([github.com/sesame-go/sesame/lookup.Handler]) on a test server, as
// net/http/httptest runs a handler, for the tests of code that uses
// [github.com/sesame-go/sesame/lookup].
//
// # Catalogue
//
// The catalogue holds 67 courses in 15 subjects (AAE ACTG AEC AED AG AGRI
// ALS ANS ANTH CH CS HORT KIN MTH NUTR) with 288 sections over the terms F17
// to F18, and 22 buildings. Values tests can count on:
//
//   - GET /courses/CS/161 is "CS 161 INTRODUCTION TO COMPUTER SCIENCE I",
//     4 credits, with lectures, labs (credits null) and a recitation;
//   - ANS 320 and ANTH 444 have no sections;
//   - searching courses for "nutrition" ranks HORT 316, KIN 341 and NUTR 240
//     first with 0.625, as the real service does;
//   - building KEC is "Kelley Engineering Center" (number 3, 44.567164,
//     -123.278692), and searching buildings for "Kelley" finds it alone with
//     0.6666666666666666;
//   - buildings PLPH and CLSB have no coordinates, "4-H Youth Foundation" has
//     no abbr, and "WGrn" keeps its mixed case (the client finds it as given).
//
// # Behaviour
//
// The server answers as the real service does: see
// [github.com/sesame-go/sesame/lookup.Handler].
package lookuptest
