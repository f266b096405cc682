package twofactor

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// deviceCookie is the name of the cookie of a trusted browser: __Host-
// prefixed on https, which pins it to the exact host, path / and Secure.
func (p *Plugin) deviceCookie() string {
	if p.secure() {
		return "__Host-sesame_2fa_device"
	}
	return "sesame_2fa_device"
}

func (p *Plugin) secure() bool { return p.a.BaseURL().Scheme == "https" }

// trust remembers the caller's browser for the user: a record named by the
// SHA-256 of a new random cookie, which the browser keeps for the trust
// time. Only cookie-carrying browsers are remembered.
func (p *Plugin) trust(ctx context.Context, c *auth.Call, userID string) error {
	if !c.Request().CookieAuth {
		return nil
	}
	token, now := randomToken(), c.Now()
	_, err := c.DB().Exec(ctx, sqlb.Insert(Devices).Row(DeviceHash.Set(hashOf(token)), DeviceUserID.Set(userID),
		DeviceCreatedAt.Set(now), DeviceExpiresAt.Set(now.Add(p.cfg.trustFor)), DeviceUserAgent.Set(truncate(c.Request().UserAgent, 512))))
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: p.deviceCookie(), Value: token, Path: "/", MaxAge: int(p.cfg.trustFor.Seconds()),
		HttpOnly: true, Secure: p.secure(), SameSite: http.SameSiteLaxMode})
	return nil
}

// trusted reports whether the caller's browser is one the user trusts.
func (p *Plugin) trusted(ctx context.Context, c *auth.Call, userID string) (bool, error) {
	if p.cfg.trustFor == 0 {
		return false, nil
	}
	token := c.Request().Cookies[p.deviceCookie()]
	if token.IsZero() || len(token.Reveal()) != 43 {
		return false, nil
	}
	var id string
	err := c.DB().One(ctx, sqlb.Select(DeviceUserID.Into(&id)).From(Devices).
		Where(sqlb.And(DeviceHash.Eq(hashOf(token.Reveal())), DeviceUserID.Eq(userID), DeviceExpiresAt.Gt(c.Now()))))
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// AccountChanged implements [auth.AccountObserver]: every account-security
// event forgets the user's trusted browsers.
func (p *Plugin) AccountChanged(ctx context.Context, c *auth.Call, userID string, _ auth.AccountEvent) error {
	_, err := c.DB().Exec(ctx, sqlb.Delete(Devices).Where(DeviceUserID.Eq(userID)))
	return err
}

// truncate cuts s to at most n bytes without splitting a UTF-8 character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
