# make test: every module's format, vet, tidy and race-enabled tests.
# make bench: every module's benchmarks.
.PHONY: test bench

test:
	./scripts/test.sh

bench:
	./scripts/bench.sh
