package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/pprof"
	"strings"

	"github.com/sesame-go/sesame/bench/server"
)

// serve runs one Go server of the benchmark until killed: loadbench serve
// -server floor|sesame -dsn ... -addr ... -pool n [-pprof addr]; a Sesame
// server takes -strategy (server.Strategies: database, memory, snapshot,
// compact, redis, redis-store), and for the Redis ones -redis URL and
// -name, which names its keys under server.RedisPrefix.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	kind := fs.String("server", "", "floor or sesame")
	dsn := fs.String("dsn", "", "PostgreSQL DSN of the server's database")
	addr := fs.String("addr", "127.0.0.1:18081", "address to listen on")
	pool := fs.Int("pool", 8, "database connections")
	prof := fs.String("pprof", "", "serve net/http/pprof on this side address")
	strategy := fs.String("strategy", "database", "the Sesame server's session strategy: "+strings.Join(server.Strategies, ", "))
	redisURL := fs.String("redis", server.RedisURL(), "Redis URL of the redis and redis-store strategies")
	name := fs.String("name", "sesame", "the server's name, under which its Redis keys are")
	fs.Parse(args)

	db, err := server.Open(*dsn, *pool)
	if err != nil {
		return err
	}
	defer db.Close()
	var h http.Handler
	switch *kind {
	case "floor":
		h = server.NewFloor(db).Handler()
	case "sesame":
		opts, closeRedis, err := server.Strategy(context.Background(), *strategy, *name, *redisURL)
		if err != nil {
			return err
		}
		defer closeRedis()
		s, err := server.NewSesame(context.Background(), db, "http://"+*addr, opts...)
		if err != nil {
			return err
		}
		h = s.Handler()
	default:
		return fmt.Errorf("no server %q", *kind)
	}
	if *prof != "" {
		go servePprof(*prof)
	}
	return http.ListenAndServe(*addr, h)
}

// servePprof serves net/http/pprof's handlers on addr, away from the
// measured server's mux.
func servePprof(addr string) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	http.ListenAndServe(addr, mux)
}
