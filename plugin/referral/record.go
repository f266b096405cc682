package referral

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// maxChain is how far up a referrer's own referrers the cycle check
// looks; chains are made one sign-up at a time, so real ones are short.
const maxChain = 64

// IdentityAdded implements [auth.IdentityAdder]: when an account is made
// (any sign-up, by any method, or a guest's upgrade), the code it carries
// (from [WithCode], or the cookie of [Plugin.Apply]) records who referred
// the new user. A code no one holds, the user's own, or one whose holder
// the new user referred (however far up) records nothing: a referral
// never makes the sign-up fail.
func (p *Plugin) IdentityAdded(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if !c.NewUser(id.UserID) {
		return nil
	}
	raw, fromCookie := ctx.Value(codeKey{}).(string)
	fromCookie = !fromCookie
	if fromCookie {
		raw = c.Request().Cookies[p.CookieName()].Reveal()
	}
	code, err := normalize(raw)
	if err != nil {
		return nil
	}
	referrer, err := ownerOf(ctx, c.DB(), code)
	if err != nil || referrer == "" || referrer == id.UserID {
		return err
	}
	for r, depth := referrer, 0; r != "" && depth < maxChain; depth++ {
		if r, err = referrerOf(ctx, c.DB(), r); err != nil {
			return err
		}
		if r == id.UserID {
			return nil // the new user is up the referrer's chain: a cycle
		}
	}
	n, err := c.DB().Exec(ctx, sqlb.Insert(Referrals).Row(ReferralReferredID.Set(id.UserID), ReferralReferrerID.Set(referrer),
		ReferralCreatedAt.Set(c.Now())).OnConflictDoNothing(ReferralReferredID))
	if err == nil && n > 0 && fromCookie {
		c.SetCookie(&http.Cookie{Name: p.CookieName(), Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
			Secure: p.a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode})
	}
	return err
}
