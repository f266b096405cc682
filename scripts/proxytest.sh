#!/usr/bin/env bash
# Tries Sesame as a new user gets it: every module served at one version
# by a module proxy on the file system (internal/modproxy), used from
# fresh modules outside the repository, with no go.work and no replace
# line to reach back into it.
#
#  1. For each of ginauth, echoauth and fiberauth, a new module gets the
#     adapter alone, then plugin/password, and vets, builds and tests a
#     small app on SQLite (scripts/testdata/app): sign-up, sign-in, a
#     route for signed-in users only. Its module graph must hold neither
#     pgx nor the MySQL driver nor authtest, and none of them may have
#     been downloaded.
#  2. For each starter, the "Make it yours" steps of its README run as
#     written, from a copy of the tree; the result is vetted, built and
#     tested.
#
# Usage: scripts/proxytest.sh [VERSION]
# VERSION defaults to the current release, the version the go.mod files
# require one another at. Third-party modules come from the module cache,
# then from the configured GOPROXY. The database variables are unset: the
# apps run on SQLite, and make test runs the starters on every engine.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/modules.sh
repo=$PWD
version=${1:-$(release_version)}
started=$SECONDS

log() { echo "proxytest: $*"; }
fail() {
	echo "proxytest: FAIL: $*" >&2
	exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/sesame-proxytest.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# run runs a command quietly, showing its output only if it fails.
run() {
	if ! "$@" >"$work/out" 2>&1; then
		cat "$work/out" >&2
		fail "in ${PWD#"$work"/}: $*"
	fi
}

upstream=$(go env GOPROXY)
cache=$(go env GOMODCACHE)/cache/download
goflags=$(go env GOFLAGS)

log "every module at $version, served from a file-system proxy"
GOWORK=off go run ./internal/modproxy -version "$version" -out "$work/proxy" >/dev/null

# A copy of the tree as a clone holds it, for the starters' steps.
mkdir "$work/sesame"
git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do if [ -e "$f" ]; then printf '%s\0' "$f"; fi; done |
	tar -c --null -T - | tar -x -C "$work/sesame"

# From here on the go command works as a new user's does, but for where
# modules come from: Sesame's from the proxy above, the others from the
# module cache (read as a file proxy, which saves downloading them again)
# and then from the configured proxy. Sesame's modules are not in the
# checksum database: GONOSUMDB skips it for them, not for the others. The
# module cache is a fresh one, so that no test version of Sesame reaches
# the shared one and so that what was downloaded can be read from it;
# -trimpath keeps build cache entries free of its path, so that the next
# run reuses them, and GODEBUG=goindex=0 keeps the go command's index of
# this short-lived module cache out of the build cache.
export GOWORK=off
export GOPROXY="file://$work/proxy,file://$cache,$upstream"
export GONOSUMDB="github.com/sesame-go/*"
export GOMODCACHE="$work/modcache"
export GOFLAGS="$goflags -modcacherw -trimpath"
export GODEBUG=goindex=0
unset SESAME_TEST_POSTGRES SESAME_TEST_MYSQL SESAME_TEST_REQUIRE_ENGINES

# 1. An app per adapter.
unwanted='github.com/jackc/pgx/v5|github.com/go-sql-driver/mysql|github.com/sesame-go/sesame/authtest'
for fw in gin echo fiber; do
	adapter=github.com/sesame-go/sesame/${fw}auth
	log "$fw: go get ${fw}auth alone, then plugin/password; build and test an app on SQLite"
	mkdir "$work/app-$fw"
	cd "$work/app-$fw"
	run go mod init example.com/app
	run go get "$adapter@$version"
	run go get "github.com/sesame-go/sesame/plugin/password@$version"
	cp "$repo"/scripts/testdata/app/common/*.go "$repo/scripts/testdata/app/$fw"/*.go .
	run go mod tidy
	run go vet ./...
	run go build -o app .
	run go test -count=1 ./...
	graph=$(go list -m all)
	if ! grep -qx "$adapter $version" <<<"$graph"; then
		fail "$fw app: the module graph lacks $adapter $version"
	fi
	if found=$(grep -E "^($unwanted) " <<<"$graph"); then
		fail "$fw app uses SQLite alone, yet its module graph holds: $found"
	fi
done
if found=$(cd "$GOMODCACHE/cache/download" && find . -type f | grep -E "^\./($unwanted)/@v/"); then
	fail "the apps downloaded modules they do not import: $found"
fi

# 2. Each starter, made into an app of its own as its README says.
for s in gin echo fiber; do
	readme=$repo/starters/$s/README.md
	log "starters/$s: the \"Make it yours\" steps of its README"
	dir=$work/starter-$s
	mkdir "$dir"
	ln -s "$work/sesame" "$dir/sesame"
	# The sh blocks of the section, in order.
	awk '/^## / { in_section = ($0 == "## Make it yours") }
		in_section && /^```/ { in_block = !in_block && $0 == "```sh"; next }
		in_section && in_block' "$readme" >"$dir/steps.sh"
	if [ ! -s "$dir/steps.sh" ]; then
		fail "starters/$s/README.md: no sh block under \"## Make it yours\""
	fi
	cd "$dir"
	run bash -euo pipefail steps.sh
	cd myapp
	if grep -q 'sesame-go/sesame.*=>' go.mod; then
		fail "starters/$s made yours: go.mod still replaces Sesame's modules"
	fi
	if go list -m all | grep -q '^github.com/sesame-go/sesame/starters/'; then
		fail "starters/$s made yours: the module graph still holds a starter module"
	fi
	run go vet ./...
	run go build ./...
	run go test ./...
done

log "ok in $((SECONDS - started))s"
