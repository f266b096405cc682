// Package breach checks whether a password appears in a corpus of
// breached passwords, through a Pwned Passwords range API
// (https://haveibeenpwned.com/API/v3#SearchingPwnedPasswordsByRange),
// without sending the password or its hash.
//
// # Configuration
//
//	c := breach.New(breach.WithTimeout(2 * time.Second))
//	res, err := c.Check(ctx, password)
//	switch {
//	case err != nil:
//		// the caller's context ended, or FailClosed and the service failed
//	case res.Breached:
//		// refuse the password: seen res.Count times in breaches
//	case res.Err != nil:
//		// fail-open: the service failed; log res.Err and accept
//	}
//
// By default a check fails open, so that an outage of the service does
// not stop sign-ups; [FailClosed] makes such failures errors the caller
// must refuse on. [WithBaseURL] points the checker at a mirror or at the
// in-process fake of package breachtest.
//
// # Privacy
//
// The check uses k-anonymity. The SHA-1 of the password is computed
// locally, and only its first 5 hex digits (20 bits) are sent:
// GET {base}/range/{prefix}. The service answers with the remaining 35
// digits of every breached hash sharing that prefix, several hundred of
// them, and the match is made here. The service, and anyone watching,
// learns only the prefix, which about a millionth of all possible
// passwords share, not which of them was checked nor whether it matched.
//
// Requests carry Add-Padding: true, so the service pads every answer with
// fake entries of count 0 (ignored here) to between 800 and 1,000 lines:
// the size of the encrypted answer does not reveal the prefix either
// (https://haveibeenpwned.com/API/v3#PwnedPasswordsPadding).
//
// Nothing in this package logs. Errors never contain the password, its
// hash, nor even the prefix: the request URL is dropped from client
// errors. Redirects to another host or scheme are refused, and answers
// are read up to 1 MiB. SHA-1 serves here only as the service's lookup
// key; passwords are stored with argon2id (package argon2id).
package breach
