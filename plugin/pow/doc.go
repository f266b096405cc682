// Package pow asks clients for a proof of work instead of a captcha
// before sign-up, sign-in, password reset and the operations that send
// sign-in messages, or only when a rate rule asks for one: past a rule's
// challenge threshold ([auth.RateRule].Challenge) a call is challenged
// instead of refused. Work costs a bot that calls a thousand times a
// thousand times more; a person's browser pays a fraction of a second.
//
// # Configuration
//
//	pw := pow.New(
//		pow.WithDifficulty(18), // the default: about 262,000 hashes
//		pow.WithRaise(1, 24),   // past the challenge threshold, each puzzle 1 bit harder, up to 24
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
//		auth.WithPlugins(mail, pass, pw),
//		auth.WithRateLimit(password.OpSignIn, auth.RateRules{
//			IP: auth.RateRule{Limit: 60, Window: time.Minute, Sliding: true, Challenge: 10},
//		}))
//
// By default every call of [DefaultOperations] needs a proof;
// [WithOperations] names others and [OnlyWhenDemanded] none, leaving the
// rate rules to ask.
//
// # Routes
//
//	POST /pow/challenge  {op}  {challenge, difficulty, algorithm, expiresAt}
//
// The operation is [OpPuzzle], run as [Plugin.Puzzle]. A client asks for
// a puzzle for the operation it is about to call, solves it and sends the
// proof with that call in the X-Pow-Proof header ([Header]); Go callers
// use [Solve] and [WithProof]. Error codes, from any guarded operation:
// pow_required ([ErrRequired], 403) for a call without a proof,
// pow_invalid ([ErrInvalid], 403) for a wrong, used, expired or foreign
// one. POST /pow/challenge answers invalid_input for an op that names no
// operation, and rate_limited.
//
// # Algorithm
//
// The proof is the ASCII string "<challenge>.<nonce>": the challenge as
// the puzzle gave it (43 characters of unpadded base64url) and a nonce of
// 1 to 32 characters of the base64url alphabet (A-Z a-z 0-9 - _). It
// solves the puzzle when its SHA-256 begins with difficulty zero bits,
// counting from the most significant bit of the first byte ([Algorithm]).
// A client tries nonces until one does; [Solve] counts in base 36. Test
// vector, difficulty 12:
//
//	challenge  AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
//	proof      AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.16g
//	SHA-256    000a8d4c08995ee4e938e99e3a9b8edd855259c6346a7edbc756f4b894e0b9af (12 zero bits)
//
// # Storage
//
// No table of its own: a puzzle is an auth_token row (the challenge's
// SHA-256) of purpose pow.puzzle ([Purpose]), its subject the operation,
// its data the difficulty and the client's address group. The core's
// sweep deletes expired ones.
//
// # Security
//
//   - A proof works once under any concurrency: checking it uses its
//     puzzle up with the core's conditional update, which one request
//     wins. The puzzle stays used up whatever the operation answers (the
//     check runs before the operation's transaction), so a proof buys one
//     password guess, not one per failure.
//   - A puzzle is bound to the operation it was asked for and to the
//     client's address (its /64 for IPv6): a proof solved by one client
//     or for one operation does not pass for another. Its purpose is
//     checked by the consuming update: no other token passes for it.
//   - Verifying costs one hash: a malformed proof, or one whose hash
//     misses the base difficulty, is refused without a query.
//   - Puzzles grow harder as a client asks for many past the challenge
//     threshold of the operation's per-IP rule ([WithRaise]); past the
//     rule's limit no more are issued (rate_limited), and POST
//     /pow/challenge has its own per-IP limit.
//   - Puzzles belong to no user, so account-security events have nothing
//     of theirs to end.
package pow
