// Package lookup is a client for the Classmere API, the course, subject and
// building lookup interface of Oregon State University's catalogue (public
// base URL https://api.classmere.com), and a server of a sample of it.
//
// The facts this package is built on (routes, real values, type drift,
// status codes, scoring) are gathered in the project's reference facts on
// the lookup interface, cited below as "reference facts §n"; the service
// publishes no documentation of its errors.
//
// # Client
//
// [New] returns a [Client] for a base URL; its methods map one to one to the
// service's routes:
//
//	Course            GET /courses/:subject/:number
//	Courses           GET /courses
//	CoursesBySubject  GET /courses/:subject
//	Subjects          GET /subjects
//	Building          GET /buildings/:abbr
//	Buildings         GET /buildings
//	SearchCourses     GET /search/courses/:q
//	SearchBuildings   GET /search/buildings/:q
//
// Subject codes are upper-cased, as the service's own iOS client does,
// because it matches them exactly and they are all upper case; a building
// abbreviation is asked for as given, then upper-cased if that names no
// building, since a few of them are in mixed case ("WGrn"). Every path
// segment is escaped. Options set the HTTP client, User-Agent, timeout, body
// limit, retries and a cache for the lists.
//
// # Errors
//
// The service answers an unknown course or building with 200 and null, and
// an unknown route with 404 and an empty body (reference facts §1.5): both
// are an [*Error] matching [ErrNotFound]. 5xx answers and connection errors
// are retried with exponential backoff, honouring Retry-After, since every
// route is an idempotent GET; what fails in the end is an [*Error] carrying
// the status and the start of the body, or a wrapped transport error. A
// redirect to another host is refused ([ErrRedirect]); bodies are capped
// ([ErrTooLarge]); answers that are not JSON fail with [ErrBadResponse].
//
// # Decoding
//
// The service's data drifted across versions of its scraper (reference
// facts §1.4), and the types decode every form seen: numbers as strings
// ("0003", "44.567164") and strings as numbers, credits as "4", "1-16" or
// [5] ([Credits]), null credits, meeting times, rooms, counts and
// coordinates, "MM/DD/YY" dates ([Date]), meeting times whose date and
// offset mean nothing ([TimeOfDay]), and fields to ignore (_id, prereqs).
//
// # Sample catalogue
//
// [Handler] serves the same routes over an embedded sample catalogue with
// the real service's behaviours and search ranking, so that an application
// runs, and its tests pass, with no network. Package
// [github.com/sesame-go/sesame/lookup/lookuptest] starts it on a test
// server; the command lookup/cmd/lookup searches it, or a real base URL,
// from a terminal.
//
// # Examples
//
// The examples of this package run against the sample catalogue and show
// their output: ExampleClient_Course, ExampleClient_SearchCourses,
// ExampleClient_SearchBuildings, ExampleHandler and others.
package lookup
