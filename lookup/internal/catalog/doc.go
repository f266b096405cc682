// Package catalog serves a sample of the Classmere API's catalogue, embedded
// in the binary, with the real service's routes and behaviours; it backs
// lookup.Handler and package lookuptest.
//
// # Data
//
// data/courses.json and data/buildings.json hold MongoDB documents as the
// service's scraper stores them, _id, _version and prereqs included: 67
// courses with 288 sections in 15 subjects, and 22 buildings. Subjects,
// terms, sessions, campus, section types, statuses, instructors' name form,
// fees, the CS 161 restrictions and the buildings with coordinates come from
// the reference captures; the other rows are invented to look like them,
// gaps included (buildings without coordinates, a building without abbr, a
// mixed-case abbr, courses without sections, labs without credits, meeting
// times to be announced).
//
// # Behaviour reproduced
//
// From the service's routes at HEAD (reference facts §1.2, §1.5): an unknown
// course or building is 200 with the body null; an unknown route is 404,
// Content-Type application/json and an empty body; matching is exact and
// case-sensitive for data, while route names follow Express (any case, one
// optional trailing slash); the course number goes through JavaScript's
// parseInt; /buildings/:abbr includes _id; course routes drop _id, _version
// and prereqs; searches rank as MongoDB's text index does (package
// textscore), best first, ties in catalogue order (subject, then number), at
// most 100 hits. As Express with cors() and compression() does, answers carry
// Access-Control-Allow-Origin *, a weak ETag, and are gzipped from 1 KiB
// when the client accepts it.
package catalog
