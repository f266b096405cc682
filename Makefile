# make test: every module's format, vet, tidy and race-enabled tests.
# make proxytest: every module from a module proxy at the release version,
#   as a new user gets it: an app per adapter, each starter made yours.
# make bench: every module's benchmarks.
# make loadbench: the load benchmark of bench/ (floor, Sesame, better-auth
#   under wrk); docs/performance.md. Run by hand, not by CI.
.PHONY: test proxytest bench loadbench

test:
	./scripts/test.sh

proxytest:
	./scripts/proxytest.sh

bench:
	./scripts/bench.sh

loadbench:
	./scripts/loadbench.sh
