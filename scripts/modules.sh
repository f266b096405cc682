# modules prints the directory of every Go module in the repository, the
# root first. Sourced by the other scripts.
modules() {
	git ls-files --cached --others --exclude-standard -- '*go.mod' ':(exclude)**/testdata/**' |
		xargs -n1 dirname | sort -u
}

# release_version prints the version the modules require one another at:
# the current release, which scripts/release.sh sets (a repo test keeps
# every sibling requirement at this one version).
release_version() {
	GOWORK=off go list -m -f '{{.Version}}' github.com/sesame-go/sesame/sqlb
}
