# modules prints the directory of every Go module in the repository, the
# root first. Sourced by the other scripts.
modules() {
	git ls-files --cached --others --exclude-standard -- '*go.mod' ':(exclude)**/testdata/**' |
		xargs -n1 dirname | sort -u
}
