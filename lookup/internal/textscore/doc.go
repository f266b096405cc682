// Package textscore ranks text the way the Classmere API's MongoDB text
// index does, so that the sample catalog answers searches with the same hits,
// in the same order and with the same scores as the real service.
//
// # Behaviour reproduced
//
// The Classmere API searches with MongoDB's $text operator over a text index
// on course titles and building names, with the default language English
// (reference facts §1.2 and §1.6). Such an index:
//
//   - splits text into tokens at every character that is not a letter or a
//     digit, and folds them to lower case;
//   - drops English stop words ("of", "to", "i", ...);
//   - stems every remaining token with the Snowball English (Porter2)
//     stemmer, so "nutrition" and "nutritional" both index as "nutrit";
//   - matches a document when any query term matches (terms are OR-ed), and
//     scores it by summing, over the distinct query terms it contains,
//     freq × (0.5 + 0.5 × count / numTokens), times 1.1 when the whole field
//     equals the term.
//
// A query may also hold "quoted phrases", which every hit must contain, and
// -negated terms or phrases, which no hit may contain, as $search allows.
//
// # Limits
//
// Diacritics are not folded: the catalogue's titles and names are ASCII.
package textscore
