// Command usernametables writes plugin/username/tables.go, the Unicode
// data the username plugin's key needs, so that the plugin (in the core
// module, which imports only the standard library and sqlb) does not
// import golang.org/x/text.
//
// The key of a username is the UTS #39 skeleton of its NFKC_Casefold
// form: for every code point it computes, with golang.org/x/text, what
// the code point becomes after NFKC_Casefold (UAX #44: NFKC, full case
// folding and removal of Default_Ignorable_Code_Point, repeated until
// stable), then the skeleton of that (UTS #39 §4: NFD, each code point
// replaced by its prototype from confusables.txt, NFD), with white space
// removed, and repeats the whole until it is stable, so that a key's key
// is itself. Code points that stay as they are are left out; Hangul
// syllables are decomposed by the plugin (UAX #15 §3.12), as NFD does.
// It also writes the canonical combining classes, for the canonical
// ordering of a key's marks (UAX #15 §3.11).
//
// The data are Unicode 15.0.0's:
//
//   - NFKC, NFD, case folding and combining classes from golang.org/x/text
//     at the version go.mod requires, whose tables are Unicode 15.0.0's
//     under Go 1.26 (under Go 1.27 it selects Unicode 17.0.0, and the
//     command refuses to run);
//   - White_Space, Other_Default_Ignorable_Code_Point, Variation_Selector,
//     Prepended_Concatenation_Mark and the Cf category from the standard
//     library's unicode package (Unicode 15.0.0 in Go 1.26);
//   - confusables.txt of UTS #39, Version 15.0.0 (dated 2022-08-26), as
//     ICU 72.1 ships it in icu/source/data/unidata/confusables.txt, taken
//     from Debian's source package icu 72.1-3+deb12u1 (icu_72.1.orig.tar.gz,
//     SHA-256 a2d2d38217092a7ed56635e34467f92f976b370e20182ad325edea6681a71d68);
//     the command checks the file's SHA-256.
//
// The file is kept, unchanged, in testdata/confusables.txt (Unicode's data
// file, under the terms of use its header cites). To regenerate:
//
//	go run . -confusables testdata/confusables.txt
//
// from this directory, which writes ../../../plugin/username/tables.go.
// Its test regenerates the file in memory and fails if the bytes differ
// from the committed ones (SESAME_CONFUSABLES names another copy of the
// file); it is skipped only when Go's Unicode tables are not 15.0.0's.
package main
