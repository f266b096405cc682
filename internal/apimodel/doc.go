// Package apimodel describes an instance's HTTP routes for the generators
// that publish them: the OpenAPI document (authhttp's OpenAPI and auth
// openapi) and the TypeScript client (auth client ts). Both read one
// model, so that they never disagree.
//
// The model is derived by reflection from each operation's Go input and
// output types ([auth.OpInfo.Input] and Output), as encoding/json writes
// and reads them: JSON names from the json tags, omitempty and omitzero
// fields optional, the ",string" option, embedded structs flattened,
// time.Time as an RFC 3339 string, []byte as base64, json.RawMessage as
// any JSON. [auth.Secret] and [auth.Shown] are strings; [auth.User], whose
// JSON is written by hand, has an explicit schema with the instance's user
// fields ([auth.Auth.UserFields]); any other Sesame type
// with a MarshalJSON or UnmarshalJSON of its own must implement
// [auth.JSONShaper], or the model refuses it rather than guess. Such a
// type of another library (go-webauthn's options) is any JSON value.
package apimodel
