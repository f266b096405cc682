// Package test holds the tests of the passkey plugin that need authtest:
// registration, sign-in, renaming and removal over HTTP, driven by a
// software authenticator on every engine of authtest; the refusals
// (another origin, a replayed challenge, another browser's challenge, a
// missing user verification, a signature counter gone backwards); a race
// of many requests for one challenge; a failure at every statement of
// every operation; and one journey in headless Chromium with its virtual
// authenticator.
//
// It is a module of its own because authtest requires every database
// driver, and the browser test chromedp: a program using passkeys finds
// neither in its module graph. It holds tests only.
package test
