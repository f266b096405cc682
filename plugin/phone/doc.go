// Package phone is Sesame's phone plugin: phone numbers as sign-in
// identifiers, proved by codes sent as text messages; sign-in and sign-up
// with a code alone; several numbers per person, added, changed and
// removed with notices; and the "sms" delivery channel other plugins send
// through (twofactor's text codes).
//
// # Configuration
//
//	p := phone.New(
//		phone.WithSender(gateway),                   // your SMS gateway; &phone.ConsoleSender{} in development
//		phone.WithAppName("Acme"),
//		phone.WithCallingCodes("44", "353"),         // optional: the countries you serve
//		phone.WithPrefixLimitFor("44", phone.PrefixLimit{Limit: 2000, Window: time.Hour, Spike: 300}),
//	)
//	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL(...), auth.WithPlugins(p, ...))
//
// Numbers are normalized to E.164 by a [Normalizer]: [Strict] by default,
// which takes international numbers ("+44 7911 123456") only; the module
// plugin/phone/libphonenumber adds national formats for a default region
// and refuses premium-rate and toll-free numbers. Messages come from
// text templates the host can replace with [WithTemplate].
//
// # Routes
//
// Under the handler's prefix, JSON bodies with camelCase fields:
//
//	POST /phone/code/send     {phone}              text a sign-in (or sign-up) code; {} always
//	POST /phone/code/sign-in  {phone, code, name}  sign in, or create the account of a sign-up code
//	POST /phone/add           {phone}              (fresh session) add a number; a code is texted to it
//	POST /phone/verify        {phone, code}        (session) verify an added number, or confirm a change
//	POST /phone/change        {phone, newPhone}    (fresh session) replace a number; a code is texted to the new one
//	POST /phone/remove        {phone}              (fresh session) remove a number
//	GET  /phone/list                               (session) the caller's numbers
//
// Their operations are named by [OpSendCode], [OpSignIn], [OpAdd],
// [OpVerify], [OpChange], [OpRemove] and [OpList], in this order. Error
// codes: phone_invalid (the message says why), phone_not_found,
// phone_unchanged, too_many_phones, phone_last_way_in, invalid_code,
// too_many_attempts, and the core's (rate_limited, fresh_session_required
// ...).
//
// # Storage
//
// Numbers are identities of kind "phone" in auth_identity, in E.164
// ("+447911123456"), unique, compared byte for byte. Codes are
// auth_token rows, stored as hashes, bound to the person and the
// identity they were sent to. auth_phone_prefix ([Prefixes]) counts the
// codes sent per country calling code.
//
// # Security
//
// Every text costs money, and SMS pumping (sign-up forms made to text
// premium numbers whose operator shares the fee) is a real attack. Sends
// are limited per number and per client IP ([SendRate], the operations'
// rate rules, changed with auth.WithRateLimit), and per country calling
// code ([PrefixLimit]), whose spikes are security events
// ([EventPrefixSpike]); [WithCallingCodes] keeps to the host's countries,
// and [Strict] refuses the calling codes of international services.
//
// Routes that take a number answer alike whether it names anyone:
// code/send texts a sign-in code to a person's number and a sign-up code
// (or nothing, [WithoutSignUp]) to another, and adding or changing to
// another person's number texts its holder instead; messages leave after
// the answer. Codes are 6 digits, work 10 minutes, allow 5 wrong tries
// counted before any comparison, and are used up once under any
// concurrency. Only a verified number, or the unverified sign-up number
// of an account with no other identity, receives a sign-in code; another
// person's unverified claim gives way to whoever proves the number.
// Adding, changing and removing a number need a fresh session; a change
// or removal is an account-security event that ends every other session
// and pending flow; the account's other verified numbers (and, with the
// email plugin, its addresses) are told of each.
package phone
