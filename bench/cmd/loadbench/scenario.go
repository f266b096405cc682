package main

// scenario is one kind of request the benchmark measures on every server.
type scenario struct {
	key   string // its name for -scenarios
	label string // its rows' name in the table
	mode  string // "cookie": GET with a signed-in session; "body": POST a sign-in
	path  func(*target) string
}

// scenarios are the benchmark's rows, in order.
//
// Session caches do not exist yet. When they do, each gets a row here,
// "get-session from the <name> cache", with a target of its own for the
// Sesame server started with that cache (and better-auth's cookie cache or
// secondary storage, for its row), next to the database row below, so the
// rows of one run compare every strategy with the same floor.
var scenarios = []scenario{
	{key: "session", label: "get-session from the database", mode: "cookie",
		path: func(t *target) string { return t.session }},
	{key: "app", label: "app route behind the middleware", mode: "cookie",
		path: func(t *target) string { return t.app }},
	{key: "signin", label: "sign-in (password)", mode: "body",
		path: func(t *target) string { return t.signIn }},
}

// sample is one measured run of a scenario on a target.
type sample struct {
	requests int64
	errors   int64
	rps      float64
	p50ms    float64
	p99ms    float64
	cpuUS    float64 // server CPU time per request, in µs
	rssMiB   float64 // server resident memory at the end of the run
}

// cell is everything measured of one scenario on one target.
type cell struct {
	samples []sample
	ratios  []float64 // req/s over the floor's in the same round
	// requests is every request of the scenario on the target, warm-up
	// included, and xacts the transactions its database committed
	// meanwhile.
	requests, xacts int64
	// served is the sign-ins the server completed, counted by its new
	// session rows: more than wrk's requests, since the requests in flight
	// when a run ends (up to one per connection) still complete. 0 for
	// the other scenarios, where those few are lost among thousands.
	served int64
}
