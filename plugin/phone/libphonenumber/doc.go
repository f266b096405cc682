// Package libphonenumber adapts github.com/nyaruka/phonenumbers, the Go
// port of Google's libphonenumber, as a [phone.Normalizer]: numbers in
// national formats for a default region ("07911 123456" in GB), checked
// against each country's number plan, with number types refused
// (premium-rate and toll-free by default).
//
// # Configuration
//
//	p := phone.New(
//		phone.WithSender(gateway),
//		phone.WithNormalizer(libphonenumber.New(libphonenumber.WithRegion("GB"))),
//	)
//
// [WithRegion] sets the region of numbers typed without "+";
// [WithRefusedTypes] replaces the types refused ([DefaultRefused]).
//
// # Routes
//
// None: the phone plugin's routes use the normalizer.
//
// # Storage
//
// None: numbers are stored by the phone plugin, in E.164, as the
// normalizer returns them. Changing the normalizer of an existing
// database is safe when the new one returns the same E.164 for the numbers
// stored; this package's tests show that it does for the strict
// normalizer's.
//
// # Security
//
// Numbers that texts cost the sender dear to reach (premium rate, shared
// cost, international services) are the targets of SMS pumping: refuse
// their types. The metadata is libphonenumber's, as the required version
// of github.com/nyaruka/phonenumbers ships it: update it to follow number
// plans.
//
// It is a module of its own so that only programs that use it download
// the metadata.
package libphonenumber
