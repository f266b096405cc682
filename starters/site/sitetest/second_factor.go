package sitetest

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// The second-factor journey of a second person, Grace, with a browser of
// her own (her password sign-ins have their own rate limit): she sets up
// an authenticator app from the account page, signs in with the password
// and then a code, then a recovery code; a pending session reaches no
// page but the second step's.

// grace is the second person of the journey.
type grace struct {
	email string
	web   *browser
	key   totp.Key
	codes []string // recovery codes, as shown
}

var (
	codePattern     = regexp.MustCompile(`<code>(otpauth://[^<]*)</code>`)
	recoveryPattern = regexp.MustCompile(`<code class="recovery-code">([^<]*)</code>`)
)

// recoveryCodes returns the recovery codes a page shows.
func recoveryCodes(t *testing.T, a answer) []string {
	t.Helper()
	var out []string
	for _, m := range recoveryPattern.FindAllStringSubmatch(a.Body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	if len(out) == 0 {
		t.Fatalf("%s %s shows no recovery code\n%s", a.Method, a.URL, a.Body)
	}
	return out
}

// enrolTOTP signs Grace up and in, and sets up an authenticator app.
func (j *journey) enrolTOTP(t *testing.T) {
	g := &grace{email: fmt.Sprintf("grace.%d@example.com", time.Now().UnixNano()), web: newBrowser(t, j.base, "journey-grace")}
	j.grace = g
	g.web.post("/sign-up", url.Values{"name": {"Grace"}, "email": {g.email}, "password": {firstPassword}}).
		want(t, http.StatusOK, "Check your email")
	token := g.web.get(link(t, j.mail.next(t, "verify-email", g.email), j.base, "/verify-email")).hidden(t, "token")
	g.web.post("/verify-email", url.Values{"token": {token}}).want(t, http.StatusOK, "Your email address is verified.")
	g.web.post("/sign-in", url.Values{"email": {g.email}, "password": {firstPassword}}).
		want(t, http.StatusOK, "You are signed in.", "Off: set up an authenticator app", `action="/account/two-factor/enrol"`)

	setup := g.web.post("/account/two-factor/enrol", url.Values{"name": {"Phone"}})
	setup.want(t, http.StatusOK, "Set up your authenticator app", "Or type this key in")
	m := codePattern.FindStringSubmatch(setup.Body)
	if m == nil {
		t.Fatalf("the setup page shows no otpauth URI\n%s", setup.Body)
	}
	key, issuer, account, err := totp.ParseURI(html.UnescapeString(m[1]))
	if err != nil || issuer != "Sesame starter" || account != g.email {
		t.Fatalf("the setup page's URI %q: issuer %q, account %q, %v", m[1], issuer, account, err)
	}
	g.key = key
	factor := setup.hidden(t, "factorId")
	// A wrong code shows the form again, never the key a second time.
	wrong := g.web.post("/account/two-factor/confirm", url.Values{"factorId": {factor}, "code": {wrongCode(key)}})
	wrong.want(t, http.StatusBadRequest, "Enter a code of the app you just set up", `name="factorId"`)
	if strings.Contains(wrong.Body, "otpauth://") {
		t.Fatalf("a wrong first code shows the key again\n%s", wrong.Body)
	}
	done := g.web.post("/account/two-factor/confirm", url.Values{"factorId": {factor}, "code": {key.Code(time.Now())}})
	done.want(t, http.StatusOK, "Save your recovery codes", "Your authenticator app is set up")
	if g.codes = recoveryCodes(t, done); len(g.codes) != 10 {
		t.Fatalf("the first factor came with %d recovery codes, want 10", len(g.codes))
	}
	g.web.get("/account").want(t, http.StatusOK, "On: signing in with your password also asks", "Phone", "10 recovery codes left.")
}

// wrongCode returns a code the key does not make now, nor a step either
// side.
func wrongCode(k totp.Key) string {
	now := time.Now()
	for _, c := range []string{"000000", "111111", "222222", "333333"} {
		if c != k.Code(now) && c != k.Code(now.Add(-30*time.Second)) && c != k.Code(now.Add(30*time.Second)) {
			return c
		}
	}
	return "444444"
}

// passTOTP signs Grace out and in with her password: the pending session
// sees only the second step, then passes it with a code.
func (j *journey) passTOTP(t *testing.T) {
	g := j.grace
	g.web.post("/sign-out", nil).want(t, http.StatusOK, "You are signed out.")
	pending := g.web.post("/sign-in", url.Values{"email": {g.email}, "password": {firstPassword}, "next": {"/courses?q=cs"}})
	pending.want(t, http.StatusOK, "Two-step verification", "Code from your authenticator app", "Use a recovery code",
		`action="/sign-out"`)
	pending.wantAt(t, "/two-factor?next=%2Fcourses%3Fq%3Dcs")
	// Every other page leads there, coming back to it after; JSON routes
	// answer the refusal.
	g.web.get("/account").wantAt(t, "/two-factor?next=%2Faccount")
	g.web.get("/").wantAt(t, "/two-factor")
	g.web.post("/account/password", url.Values{"currentPassword": {firstPassword}, "newPassword": {secondPassword}}).
		wantAt(t, "/two-factor?next=%2Faccount")
	g.web.get("/api/me").want(t, http.StatusForbidden, `"code":"second_factor_required"`)

	g.web.post("/two-factor", url.Values{"method": {"totp"}, "code": {wrongCode(g.key)}, "next": {"/account"}}).
		want(t, http.StatusBadRequest, "Code from your authenticator app")
	// The confirming code used this time step: the app's next code.
	passed := g.web.post("/two-factor", url.Values{"method": {"totp"}, "code": {g.key.Code(time.Now().Add(30 * time.Second))}, "next": {"/account"}})
	passed.want(t, http.StatusOK, "Signed in as <strong>Grace</strong>", "Phone")
	passed.wantAt(t, "/account")
}

// passRecovery passes the second step with a recovery code, which works
// once, and makes new codes, which end the old ones.
func (j *journey) passRecovery(t *testing.T) {
	g := j.grace
	g.web.post("/sign-out", nil).want(t, http.StatusOK, "You are signed out.")
	g.web.post("/sign-in", url.Values{"email": {g.email}, "password": {firstPassword}}).wantAt(t, "/two-factor?next=")
	passed := g.web.post("/two-factor", url.Values{"method": {"recovery"}, "code": {g.codes[0]}})
	passed.want(t, http.StatusOK, "You are signed in.", "9 recovery codes left.")
	passed.wantAt(t, "/account?done=signed-in")

	fresh := g.web.post("/account/two-factor/recovery-codes", nil)
	fresh.want(t, http.StatusOK, "Your new recovery codes", "Your earlier codes no\nlonger work.")
	old := g.codes
	g.codes = recoveryCodes(t, fresh)

	// An old code, and a used one, no longer pass; signing out from the
	// second step ends the pending session.
	g.web.post("/sign-out", nil).want(t, http.StatusOK, "You are signed out.")
	g.web.post("/sign-in", url.Values{"email": {g.email}, "password": {firstPassword}}).wantAt(t, "/two-factor?next=")
	g.web.post("/two-factor", url.Values{"method": {"recovery"}, "code": {old[1]}}).
		want(t, http.StatusBadRequest, "Use the recovery code")
	out := g.web.post("/sign-out", nil)
	out.want(t, http.StatusOK, "You are signed out.")
	out.wantAt(t, "/?done=signed-out")
	g.web.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
}
