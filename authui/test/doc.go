// Package test tests package authui as a browser uses it: form posts over
// real HTTP on every engine (authtest), start-up checks of replaced
// templates and catalogs, and a suite in headless Chromium (chromedp)
// with JavaScript on and off, screenshots kept under artifacts/ and
// axe-core checking every page. It is its own module so that the
// library's users never download chromedp or the database drivers.
package test
