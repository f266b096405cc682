// Command modproxy writes a Go module proxy on the file system holding
// every module of the repository at one version, as the public proxy will
// serve them once the module tags of that version are pushed, so that
// scripts/proxytest.sh can try them the way a new user does: with
// GOPROXY=file://DIR, and without go.work or replace lines.
//
// Usage, from the repository's top directory:
//
//	go run ./internal/modproxy -version v0.1.0 -out /tmp/proxy
//
// The files of a module are the ones git would publish: tracked and
// untracked files that .gitignore does not exclude, as scripts/modules.sh
// lists them. A directory holding a go.mod is a module of its own and is
// left out of the modules above it, as the go command does. For each
// module, modproxy writes, under DIR and the module's path in the
// proxy's escaped form (an upper-case letter becomes '!' and its lower
// case):
//
//	@v/list           the version
//	@v/VERSION.info   {"Version":..., "Time":...}
//	@v/VERSION.mod    the module's go.mod
//	@v/VERSION.zip    every file, named MODULE@VERSION/PATH
//
// This is the layout of GOPROXY protocol answers
// (https://go.dev/ref/mod#goproxy-protocol) and of module zip files
// (https://go.dev/ref/mod#zip-files).
package main
