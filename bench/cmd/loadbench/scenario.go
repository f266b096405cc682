package main

// scenario is one kind of request the benchmark measures, on its servers.
type scenario struct {
	key   string // its name for -scenarios
	label string // its rows' name in the table
	mode  string // "cookie": GET with a signed-in session; "body": POST a sign-in
	path  func(*target) string
	// servers are the targets it runs on, the floor first: its req/s is
	// what the others' are divided by.
	servers []string
	// cached marks a cache row: its cookies are collected at its start
	// from a first GET, which puts the session in the cache (and, for a
	// cache the browser carries, sets its cookie).
	cached bool
}

// scenarios are the benchmark's rows, in order: the database rows, then
// "get-session from each cache", each a Sesame server started with that
// cache against the floor's own cached path (an HMAC-checked cookie, no
// query) and better-auth with its cookie cache, then the Redis store
// against the floor's database path, then stateless tokens.
var scenarios = append([]scenario{
	{key: "session", label: "get-session from the database", mode: "cookie",
		path: func(t *target) string { return t.session }, servers: dbServers},
	{key: "app", label: "app route behind the middleware", mode: "cookie",
		path: func(t *target) string { return t.app }, servers: dbServers},
	{key: "signin", label: "sign-in (password)", mode: "body",
		path: func(t *target) string { return t.signIn }, servers: dbServers},
}, append(cacheScenarios(),
	scenario{key: "store-redis", label: "get-session from the Redis store", mode: "cookie", cached: true,
		path: func(t *target) string { return t.session }, servers: []string{"floor", "sesame-redis-store", "better-auth"}},
	// A stateless token still reads its user: the floor's database path.
	scenario{key: "stateless", label: "get-session from a stateless token", mode: "cookie",
		path: func(t *target) string { return t.session }, servers: []string{"floor", "sesame-stateless", "better-auth"}},
	// Within the window it reads nothing: the floor's cached path. Its
	// cookies are collected anew, since a token past the window is
	// re-issued.
	scenario{key: "stateless-noread", label: "get-session from a stateless token, no read within 15 min", mode: "cookie",
		cached: true, path: func(t *target) string { return t.cachedSession },
		servers: []string{"floor", "sesame-stateless-noread", "better-auth-cookie-cache"}},
)...)

// dbServers are the servers of the database rows.
var dbServers = []string{"floor", "sesame", "better-auth"}

// caches are the Sesame session caches with a row each, by their
// server.Strategy name and their label.
var caches = []struct{ strategy, label string }{
	{"memory", "memory cache"}, {"snapshot", "snapshot cache (sealed cookie)"},
	{"compact", "compact cache (signed cookie)"}, {"redis", "Redis cache"},
}

// cacheScenarios are the rows "get-session from the <cache>".
func cacheScenarios() []scenario {
	var out []scenario
	for _, c := range caches {
		out = append(out, scenario{key: "cache-" + c.strategy, label: "get-session from the " + c.label, mode: "cookie",
			cached: true, path: func(t *target) string { return t.cachedSession },
			servers: []string{"floor", "sesame-" + c.strategy, "better-auth-cookie-cache"}})
	}
	return out
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
