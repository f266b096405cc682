#!/usr/bin/env bash
# Runs every module's benchmarks with allocation counts.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/modules.sh
export GOWORK=off
for m in $(modules); do
	echo "== $m"
	(cd "$m" && go test -run='^$' -bench=. -benchmem ./...)
done
