#!/usr/bin/env bash
# Releases every module of the repository at one version, as
# opentelemetry-go-contrib releases a module set. See docs/releasing.md.
#
#  1. Checks VERSION, that the working tree is clean and that no module
#     has a tag of VERSION yet.
#  2. Makes every go.mod require its sibling modules at VERSION, and
#     records the release's schema in authtest/schema/testdata/VERSION,
#     the baseline the upgrade test of every later version starts from.
#  3. Runs make test with every engine required, and scripts/proxytest.sh,
#     which uses every module at VERSION from a module proxy.
#  4. Commits the go.mod changes and the schema, if there were any, and tags the commit
#     once per module: VERSION for the module at the top, DIR/VERSION for
#     the module in DIR.
#
# It never pushes: it ends by printing the command that publishes the
# release. If a test fails, the go.mod files are put back as they were.
#
# Usage: scripts/release.sh [--dry-run] VERSION
#   --dry-run  check, and print what would change and be tagged, but change
#              nothing and run no test.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/modules.sh

usage() {
	echo "usage: scripts/release.sh [--dry-run] VERSION   (such as v0.2.0)" >&2
	exit 2
}

dry=false
version=
for arg in "$@"; do
	case $arg in
	--dry-run) dry=true ;;
	-*) usage ;;
	*) if [ -n "$version" ]; then usage; fi; version=$arg ;;
	esac
done
if [ -z "$version" ]; then usage; fi

log() { echo "release: $*"; }
fatal() {
	echo "release: $*" >&2
	exit 1
}
problems=0
# refuse stops the release; a dry run reports the problem and goes on, to
# show the rest of the plan.
refuse() {
	if $dry; then
		log "would stop: $*"
		problems=1
	else
		fatal "$*"
	fi
}

# 1. Checks.
if ! [[ $version =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$ ]]; then
	fatal "$version is not a semantic version such as v0.2.0 or v0.2.0-rc.1"
elif [ "${BASH_REMATCH[1]}" -ge 2 ]; then
	fatal "$version: a major version from 2 on changes every module path (github.com/sesame-go/sesame/v2 ...): not something this script does"
fi
if [ -n "$(git status --porcelain)" ]; then
	refuse "the working tree is not clean (git status): release a commit, not a working tree"
fi
mods=$(modules)
tags=()
for m in $mods; do
	if [ "$m" = . ]; then tag=$version; else tag=$m/$version; fi
	if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
		refuse "tag $tag exists already"
	fi
	tags+=("$tag")
done

# siblings prints the sibling modules a go.mod requires, with versions.
siblings() {
	awk '/^require \(/ { block = 1; next }
		block && /^\)/ { block = 0; next }
		block { print $1, $2 }
		/^require [^(]/ { print $2, $3 }' "$1" | grep -E '^github\.com/sesame-go/sesame(/[^ ]+)? ' || true
}

# 2. Every sibling requirement at VERSION.
changed=()
for m in $mods; do
	gomod=$m/go.mod
	if [ "$m" = . ]; then gomod=go.mod; fi
	edits=() names=() olds=()
	while read -r path old; do
		if [ -n "$path" ] && [ "$old" != "$version" ]; then
			edits+=("-require=$path@$version")
			name=${path#github.com/sesame-go/sesame/}
			names+=("${name/github.com\/sesame-go\/sesame/sesame}")
			olds+=("$old")
		fi
	done <<<"$(siblings "$gomod")"
	if [ ${#edits[@]} -gt 0 ]; then
		changed+=("$gomod")
		log "$gomod: ${names[*]} $(printf '%s\n' "${olds[@]}" | sort -u | paste -sd,) -> $version"
		if ! $dry; then (cd "$m" && go mod edit "${edits[@]}"); fi
	fi
done
if [ ${#changed[@]} -eq 0 ]; then
	log "every go.mod requires its siblings at $version already"
fi

# The release's schema, frozen for the upgrade tests of later versions. A
# schema recorded before the release was cut (v0.1.0's was) is recorded
# again, from the commit being released: no tag of the version exists, so
# nothing has relied on it yet.
schema=authtest/schema/testdata/$version
recorded=false
if $dry; then
	log "would record the schema of $version in $schema"
fi

if $dry; then
	if [ ${#changed[@]} -gt 0 ]; then
		log "would commit ${#changed[@]} go.mod files: release $version: every module requires its siblings at $version"
	fi
	log "would run: make test (with SESAME_TEST_REQUIRE_ENGINES=sqlite,postgres,mysql), scripts/proxytest.sh $version"
	if [ ${#changed[@]} -gt 0 ]; then
		log "would tag that commit with ${#tags[@]} tags:"
	else
		log "would tag $(git rev-parse --short HEAD) with ${#tags[@]} tags:"
	fi
	printf '  %s\n' "${tags[@]}"
	log "would push nothing; publishing would be: git push origin HEAD ${tags[*]}"
	exit $problems
fi

# Put the go.mod files back, and drop the recorded schema, if anything
# below fails.
restore() {
	if [ ${#changed[@]} -gt 0 ]; then
		log "putting back ${changed[*]}"
		git checkout -- "${changed[@]}"
	fi
	if $recorded; then
		log "putting back $schema"
		rm -rf "$schema"
		git checkout -q -- "$schema" 2>/dev/null || true
	fi
}
trap restore EXIT

log "recording the schema of $version in $schema"
recorded=true
rm -rf "$schema"
(cd authtest/schema && GOWORK=off go test -count=1 -run '^TestRecordRelease$' . -args -record "$version")

# 3. Tests.
log "make test, every engine required"
SESAME_TEST_REQUIRE_ENGINES=${SESAME_TEST_REQUIRE_ENGINES:-sqlite,postgres,mysql} make test
log "scripts/proxytest.sh $version"
scripts/proxytest.sh "$version"

# 4. Commit and tags.
git add -- "$schema"
if ! git diff --cached --quiet -- "$schema"; then
	changed+=("$schema")
fi
if [ ${#changed[@]} -gt 0 ]; then
	git commit -q -m "release $version: every module requires its siblings at $version, and its schema is recorded" -- "${changed[@]}"
fi
trap - EXIT
commit=$(git rev-parse HEAD)
for tag in "${tags[@]}"; do
	git tag -a "$tag" -m "Sesame $version" "$commit"
done
log "tagged $(git rev-parse --short HEAD) with ${#tags[@]} tags, one per module"
log "nothing is pushed; to publish the release:"
echo "  git push origin HEAD ${tags[*]}"
