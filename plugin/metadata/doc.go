// Package metadata keeps three JSON documents per user, in a table of
// its own: public (the server writes it; the user reads it), private (the
// server's alone: no HTTP answer ever carries it) and editable (the user
// reads and writes it).
//
// # Configuration
//
//	md := metadata.New(
//		metadata.WithMaxSize(8<<10),  // the default: 8 KiB per document, compacted
//		metadata.WithSchema(check),   // the host's rules for each document
//	)
//	a, err := auth.New(..., auth.WithPlugins(mail, pw, md))
//
// # Routes
//
//	GET  /metadata          {public, editable, version, updatedAt?}   (a session; never the private document)
//	POST /metadata/update   {editable, version}                       (a session) the same
//
// Their operations are named by [OpGet] and [OpUpdate], run as
// [Plugin.Get] and [Plugin.Update]. The host's code writes any document
// with [Plugin.Set] ([OpSet], a server operation with no route) and reads
// them all with [Read]. Error codes: invalid_metadata ([ErrInvalid]: not
// a JSON object, or refused by the schema, which the message names),
// metadata_too_large ([ErrTooLarge]), metadata_version_conflict
// ([ErrVersionConflict]), and the core's.
//
// # Concurrent writes
//
// Every write increments the documents' version. The user's update names
// the version it read and is refused with metadata_version_conflict when
// another write came in between (read again, merge, retry), so that two
// tabs never undo each other's edits silently. The server's Set does the
// same with IfVersion, or without it the last write wins. Writers of one
// user's documents take turns under the user's lock, on every engine.
//
// # Storage
//
// auth_user_metadata ([Documents]): one row per user that has documents,
// the three as compact JSON text, the version and the time of the last
// write. Rows go with the user.
//
// # Security
//
//   - The private document is in no HTTP answer: GET /metadata and every
//     update answer [View], which has no field for it, and no transport
//     serves [Plugin.Set].
//   - Each document is a JSON object of valid UTF-8 within the size limit,
//     checked after compacting, then by the host's schema.
package metadata
