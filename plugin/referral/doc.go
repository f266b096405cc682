// Package referral is user-to-user referral: each user gets a code on
// demand, a sign-up that carries a code records who referred the new
// user, and each user sees how many people they referred.
//
// # Configuration
//
//	ref := referral.New()
//	a, err := auth.New(..., auth.WithPlugins(pw, ref))
//
// # Routes
//
//	POST /referral/code   [Plugin.Code]: the caller's code, made on the first call
//	GET  /referral        [Plugin.Stats]: the caller's code and how many it referred
//	POST /referral/apply  {code}  [Plugin.Apply]: keep a code in the browser until its sign-up
//
// [Plugin.Lookup] (a user's code, referrer and count) is a Go call only.
//
// # How a code travels
//
// A referral link leads to a page that posts the code to /referral/apply,
// which checks it and keeps it in an HttpOnly cookie for 30 days
// ([Plugin.CookieName]); whatever sign-up the browser then makes (any
// method: password, magic link, social sign-in, a guest's upgrade), the
// code it carries records the referral, in the sign-up's transaction. Go
// callers put the code in the context with [WithCode]. A code that names
// no one, or that cannot be recorded, never fails the sign-up.
//
// # No self-referral, no cycles
//
// A referral is recorded only when an account is made, and only once per
// user. The code's holder must already exist then, so a referrer is
// always older than those they referred, and A referring B and then B
// referring A cannot happen: A's account exists before B's code does.
// The one way to make an account from a user that already existed is a
// guest's upgrade (the anonymous plugin), so the plugin also refuses a
// code of the new user's own, and one whose holder the new user referred
// however far up the chain: such a code records nothing.
//
// # Storage
//
// Two tables: [Codes] (auth_referral_code: one code per user, unique) and
// [Referrals] (auth_referral: one row per referred user, with the
// referrer). Both reference the user with ON DELETE CASCADE.
//
// # Security
//
// Codes are not secrets, but they name a user, so they are 10 random
// characters (50 bits) of Crockford's base32, and the one lookup open to
// anyone, [Plugin.Apply], is rate limited per client IP ([ApplyRate]):
// codes cannot be listed by guessing. The cookie holds the code only; a
// code planted in someone's browser changes whom their sign-up credits,
// nothing else.
package referral
