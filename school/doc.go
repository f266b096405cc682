// Package school is a client for the school-management interface of the
// SmartClass API (SmartClass, LLC), used to check a school account's user id
// and password.
//
// Doc comments cite the interface as "SmartClass API §N": the sections of
// Sesame's reference facts on it, gathered from its public documentation,
// the public source of its server and real captured responses. The
// interface is not known to still answer anywhere, so the sub-package
// [github.com/sesame-go/sesame/school/schooldemo] reproduces it in process,
// and [github.com/sesame-go/sesame/school/schooltest] starts it for tests.
//
// # Configuration
//
// [New] takes the base URL, the API token and the school id. The interface
// has one host per school plus development and demonstration hosts
// (SmartClass API §2.2), so the base URL is always configuration, such as
// "https://demo.smartclass.tech". Options set the HTTP client
// ([WithHTTPClient]), the version in the path ([WithVersion], "v1"), the
// time bound of a call ([WithTimeout], 10 seconds) and the largest body read
// ([WithMaxBodySize], 1 MiB).
//
// # Requests
//
// Every request goes to {base}/public/{version}/{api} with the headers of
// SmartClass API §2.2:
//
//	Authorization: Bearer <token>
//	schoolId: 11
//	Cache-Control: no-cache
//
// The server cuts the first 7 characters of Authorization unconditionally
// (§2.4), so the client adds "Bearer " to a bare token and never doubles
// it. schoolId is decimal text, 0 for headquarters, sent with that exact
// spelling. [Client.Authenticate] sends
// GET .../authentication?userId=..&userPassword=.. .
//
// # Errors
//
// Every error is a [*Error] carrying the status, a one-line reason and the
// start of the body; errors.Is matches its Kind, one of:
//
//   - [ErrInvalidCredentials]: the house error envelope
//     {"message":{"error":"..."}} (§2.3), the user's id or password.
//   - [ErrUnauthorized]: 401 or 403 with a plain-text reason such as
//     "Token Not Sent", "School Id Not Sent", "Token Not Found" or "Invalid
//     Token" (labelled application/json all the same), or 203 with the text
//     of a token decoding failure, which is a failure, not a success (§2.4).
//   - [ErrNotFound]: 404 "Error code 404, Page not found", an unknown API
//     name, usually a wrong base URL or version.
//   - [ErrMethodNotAllowed]: 406 with an empty body.
//   - [ErrUnavailable]: no answer in time, a transport failure, 408, 429, 5xx.
//   - [ErrBadResponse]: an answer the client will not interpret.
//
// The client decodes by content, not by Content-Type, which the server
// sets to application/json on plain-text bodies too.
//
// # Security
//
// The password travels in the query string because the interface says so.
// The client never logs; in every error the URL's userPassword value, and
// any echo of the password or the token by the server or the transport,
// shows as "[redacted]": as it is, escaped in a URL, with the escapes of a
// JSON string in any mix ("a\/b", "\u00f6", json.Marshal's "\u0026") or
// as HTML ("&amp;"). [Client] and [Authentication] print, marshal and
// log (fmt with any verb, encoding/json, log/slog) without the token or the
// raw answer. A redirect is followed only to the same host and never from
// HTTPS to HTTP, so neither the Authorization header nor the password can
// reach another host. Bodies are read up to the size limit and within the
// timeout, so a huge or slow body cannot exhaust memory or hold the caller.
// Use an https base URL outside development.
//
// # Assumptions
//
// The answer of the authentication API is not published (§2.2). The client
// assumes it uses the house envelope of the documented APIs, possibly
// inside a one-element array (§2.3), and keeps the whole object in
// [Authentication.Raw] for fields it does not know. Which status the API
// uses for a wrong password is unknown too, so the error envelope means
// [ErrInvalidCredentials] with any 2xx or 4xx status.
package school
