#!/usr/bin/env bash
# Runs, for every module on its own (GOWORK=off, so each go.mod stands
# alone): go vet, go mod tidy -diff and go test -race. Before that, gofmt
# over the whole tree and a check that go.work lists every module. At the
# end, one line says which engines authtest skipped, a line go test shows
# only with -v.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/modules.sh
export GOWORK=off

mods=$(modules)
status=0

# authtest appends a line per skipped engine and test process to this file.
skips=$(mktemp)
trap 'rm -f "$skips"' EXIT
export SESAME_TEST_SKIPLOG=$skips

unformatted=$(gofmt -l $(git ls-files --cached --others --exclude-standard -- '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; status=1
fi

listed=$(go work edit -json go.work | sed -n 's/.*"DiskPath": "\(.*\)".*/\1/p' | sed 's|^\./||; s|^$|.|' | sort -u)
if [ "$listed" != "$(echo "$mods" | sort -u)" ]; then
	echo "go.work lists:"; echo "$listed"; echo "but the modules are:"; echo "$mods"; status=1
fi

for m in $mods; do
	echo "== $m"
	if ! (cd "$m" && go vet ./... && go mod tidy -diff && go test -race -count=1 ./...); then
		echo "FAIL: $m"; status=1
	fi
done

if [ -s "$skips" ]; then
	echo "engines skipped: $(sort -u "$skips" | cut -d' ' -f1,2 | sort | uniq -c |
		awk '{ printf "%s%s (%s not set) in %d package%s", (NR > 1 ? "; " : ""), $2, $3, $1, ($1 > 1 ? "s" : "") }')"
else
	echo "engines skipped: none"
fi
exit $status
