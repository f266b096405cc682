#!/usr/bin/env bash
# The load benchmark (issue 13): the floor, Sesame and better-auth servers
# of bench/ under wrk, alternated, on the PostgreSQL server that
# $SESAME_BENCH_POSTGRES names (by default postgres@127.0.0.1:5432, which
# must let the user create databases: the benchmark makes and drops
# sesame_bench_floor, sesame_bench_sesame and sesame_bench_betterauth, and
# for the cache rows one more per cache; their Redis rows use
# $SESAME_BENCH_REDIS, by default redis://127.0.0.1:6379/15, and delete only
# keys under sesame_bench:).
# Installs wrk from Debian's packages and better-auth's locked npm
# dependencies when they are missing, builds bench/cmd/loadbench and runs
# it; flags pass through (-rounds 3 -duration 5s, -h for all).
# docs/performance.md explains the table it prints. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null; then
	echo "loadbench.sh: installing wrk" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq wrk >/dev/null
fi
for cmd in node npm; do
	command -v "$cmd" >/dev/null || { echo "loadbench.sh: $cmd is needed for better-auth's server" >&2; exit 1; }
done
if [ ! -f bench/betterauth/node_modules/.package-lock.json ] ||
	[ bench/betterauth/package-lock.json -nt bench/betterauth/node_modules/.package-lock.json ]; then
	echo "loadbench.sh: npm ci in bench/betterauth" >&2
	(cd bench/betterauth && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd bench && GOWORK=off go build -o "$bin/loadbench" ./cmd/loadbench)
cd bench
"$bin/loadbench" "$@"
