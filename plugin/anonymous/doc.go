// Package anonymous is guest sessions before sign-up: a visitor gets a
// user with no identity and a session, uses the host's app as a guest,
// and keeps what they did when they sign up (the guest's user becomes the
// account) or sign in (the host moves the guest's data to the account).
//
// # Configuration
//
// Pass the plugin to [auth.New] beside the sign-up and sign-in methods:
//
//	guests := anonymous.New(
//		anonymous.WithMaxAge(7*24*time.Hour),  // Sweep deletes older guests
//		anonymous.WithOnLink(func(ctx context.Context, c *auth.Call, guestID, userID string) error {
//			_, err := c.DB().Exec(ctx, ...) // move the cart, in the sign-in's transaction
//			return err
//		}),
//	)
//	a, err := auth.New(..., auth.WithPlugins(pw, guests))
//
// # Routes
//
//	POST /anonymous/sign-in  [Plugin.SignIn]: a guest and their session
//
// # Lifecycle
//
// Sign-up: every path that makes an account ([auth.Call.CreateUser], as
// the password, email, magic-link, phone, username and oauth plugins do)
// from a request that presents a guest's session gives the account the
// guest's user ([auth.UserAdopter]): its identities attach to the guest's
// ID, the guest mark is cleared, and every session of the guest ends
// ([Upgraded]); the sign-up's own session, if it starts one, is new.
//
// Sign-in: a sign-in to an account from a guest's session notes the
// guest in the new session; once that session is complete (no session
// check blocks it: a pending second factor must be passed first), the
// [LinkFunc] of [WithOnLink] moves the guest's data and the guest is
// deleted with every session and row of theirs ([auth.Call.DeleteUser]).
//
// Expiry: a guest's session lives at most [WithMaxAge]; a guest past it
// has no session, and [Plugin.Sweep] ([auth.Auth.Sweep], cron's
// `auth sweep`) deletes them through the same deletion path.
//
// # Storage
//
// One column of the user table, is_anonymous ([UserGuest]), loaded with
// every user (isAnonymous in its JSON; [IsGuest]). Guests are ordinary
// users otherwise, so the host's tables reference them as any user.
//
// # Security
//
// A guest's session opens nothing of an account: the sign-up ends it (a
// guest token someone planted in the browser dies there, which defeats
// session fixation), and the sign-in replaces it with the sign-in's own
// session, linking only once that session passed every check. Guests may
// not run operations that act on a person's account (changing a password,
// adding a second factor ...: [ErrGuestForbidden]) unless
// [WithGuestOperations] names them. Making guests is rate limited per
// client IP ([GuestRate]). Two sign-ups of one guest at once take turns on
// the guest's row: one gets the guest's user, the other an account of its
// own.
package anonymous
