package authui

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// ui serves the pages of one instance.
type ui struct {
	a        *auth.Auth
	cfg      *config
	pw       *password.Plugin
	mail     *email.Plugin
	ml       *magiclink.Plugin
	ec       *emailchallenge.Plugin
	tf       *twofactor.Plugin
	adm      *admin.Plugin
	aud      *audit.Plugin
	ph       *phone.Plugin
	oa       *oauth.Plugin
	pk       bool // the passkey plugin's operations are served
	methods  []authhttp.UIButton
	catalogs map[string]map[string]string
	pages    map[string]*pageTemplate
	css      []byte
	script   []byte
}

// Handler returns the pages of a, for the plugins passed to it and only
// those: sign-in, sign-up, forgot and reset password with the password
// plugin; the email verification landing with the email plugin; the
// magic-link request form and landing with the magiclink plugin; the
// email-code request, code entry and link landing with the emailchallenge
// plugin; the
// second step of a sign-in with the twofactor plugin; the security page
// (second factors, passkeys) with the twofactor or passkey plugin; the
// administration of users with the admin plugin (and its audit log with
// the audit plugin), for those the admin plugin lets in; sign-out
// and the account page (profile, password, sessions) always. Mount it at
// the prefix ([Prefix]), or at the root by default:
//
//	pages, err := authui.Handler(a, authui.AppName("Acme"))
//	mux.Handle("/", pages)
//
// It loads the session as [authhttp.Middleware] does (none needed in
// front of it). Every form calls the plugins' typed Go methods with the
// request's context, so each runs the one pipeline of the operation (its
// rate limits, the CSRF origin check, its session checks); the pages add
// their own form token, bound to the browser by a cookie.
//
// Handler checks at start-up what can be checked: the templates (each
// parses, defines what the pages call and renders), the catalogs (every
// offered language complete), the plugins' buttons ([authhttp.UIMethod]).
// Its error lists every problem, one per line, each naming its file or
// option.
func Handler(a *auth.Auth, opts ...Option) (http.Handler, error) {
	u := &ui{a: a, cfg: newConfig(opts), pk: hasPasskeys(a)}
	var problems []string
	var methodKeys []string
	for _, p := range a.Plugins() {
		switch p := p.(type) {
		case *password.Plugin:
			u.pw = p
		case *email.Plugin:
			u.mail = p
		case *magiclink.Plugin:
			u.ml = p
		case *emailchallenge.Plugin:
			u.ec = p
		case *twofactor.Plugin:
			u.tf = p
		case *admin.Plugin:
			u.adm = p
		case *audit.Plugin:
			u.aud = p
		case *phone.Plugin:
			u.ph = p
		case *oauth.Plugin:
			u.oa = p
		}
		if m, ok := p.(authhttp.UIMethod); ok {
			for _, b := range m.UIButtons() {
				if err := checkButton(b, u.methods); err != nil {
					problems = append(problems, fmt.Sprintf("authui: plugin %s: %v", p.Name(), err))
					continue
				}
				u.methods = append(u.methods, b)
				methodKeys = append(methodKeys, "method."+b.Name)
			}
		}
	}
	if !strings.HasPrefix(u.cfg.afterSignIn, "/") || strings.HasPrefix(u.cfg.afterSignIn, "//") {
		problems = append(problems, fmt.Sprintf("authui: AfterSignIn(%q): not a path of this site", u.cfg.afterSignIn))
	}
	if u.cfg.prefix != "" && (!strings.HasPrefix(u.cfg.prefix, "/") || strings.HasPrefix(u.cfg.prefix, "//")) {
		problems = append(problems, fmt.Sprintf("authui: Prefix(%q): not a path", u.cfg.prefix))
	}
	cats, more := buildCatalogs(u.cfg, methodKeys)
	u.catalogs, problems = cats, append(problems, more...)
	f := files{over: u.cfg.templates}
	pages, more := parsePages(f, u.samples)
	problems = append(problems, more...)
	u.pages = map[string]*pageTemplate{}
	for name, t := range pages {
		u.pages[name] = &pageTemplate{t: t}
	}
	css, err := staticFile(f, "static/authui.css")
	if err != nil {
		problems = append(problems, "authui: static/authui.css: "+err.Error())
	}
	u.css = css
	if u.script, err = staticFile(f, "static"+passkeyScript); err != nil {
		problems = append(problems, "authui: static"+passkeyScript+": "+err.Error())
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "\n"))
	}
	return authhttp.Middleware(a)(u.routes()), nil
}

// checkButton checks a plugin's button against those already taken.
func checkButton(b authhttp.UIButton, taken []authhttp.UIButton) error {
	switch {
	case b.Name == "" || strings.ContainsAny(b.Name, " \t\n"):
		return fmt.Errorf("button %q: a name of no spaces is required", b.Name)
	case slices.ContainsFunc(taken, func(t authhttp.UIButton) bool { return t.Name == b.Name }):
		return fmt.Errorf("button %q: another button has this name", b.Name)
	case b.Method != http.MethodGet && b.Method != http.MethodPost:
		return fmt.Errorf("button %q: method %q is neither GET nor POST", b.Name, b.Method)
	case !strings.HasPrefix(b.Action, "/") || strings.HasPrefix(b.Action, "//") || strings.Contains(b.Action, "\\"):
		// Only a path of this site: never another site, never javascript:.
		return fmt.Errorf("button %q: action %q is not a path of this site", b.Name, b.Action)
	case b.Label == "":
		return fmt.Errorf("button %q: a label is required", b.Name)
	}
	return nil
}

// routes returns the pages' mux.
func (u *ui) routes() http.Handler {
	mux := http.NewServeMux()
	p := u.cfg.prefix
	mux.HandleFunc("GET "+p+"/authui.css", u.serveCSS)
	if u.pw != nil {
		mux.HandleFunc("GET "+p+"/sign-in", u.page(pageSignIn, "title.sign_in", keepQuery("next")))
		mux.HandleFunc("POST "+p+"/sign-in", u.form(pageSignIn, u.signIn))
		mux.HandleFunc("GET "+p+"/sign-up", u.page(pageSignUp, "title.sign_up", nil))
		mux.HandleFunc("POST "+p+"/sign-up", u.form(pageSignUp, u.signUp))
		mux.HandleFunc("GET "+p+"/forgot-password", u.page(pageForgot, "title.forgot", nil))
		mux.HandleFunc("POST "+p+"/forgot-password", u.form(pageForgot, u.forgot))
		mux.HandleFunc("GET "+p+"/reset-password", u.page(pageReset, "title.reset", keepQuery("token")))
		mux.HandleFunc("POST "+p+"/reset-password", u.form(pageReset, u.reset))
		mux.HandleFunc("POST "+p+"/account/password", u.form(pageAccount, u.changePassword))
	}
	if u.mail != nil {
		mux.HandleFunc("GET "+p+"/verify-email", u.page(pageVerify, "title.verify", keepQuery("token")))
		mux.HandleFunc("POST "+p+"/verify-email", u.form(pageVerify, u.verify))
		mux.HandleFunc("POST "+p+"/verify-email/resend", u.form(pageVerify, u.resend))
	}
	if u.ml != nil {
		mux.HandleFunc("GET "+p+magicLinkPath, u.page(pageMagicLink, titles[pageMagicLink], keepQuery("token", "next")))
		mux.HandleFunc("POST "+p+magicLinkPath, u.form(pageMagicLink, u.magicSignIn))
		mux.HandleFunc("POST "+p+magicLinkPath+"/send", u.form(pageMagicLink, u.sendMagicLink))
	}
	if u.ec != nil {
		mux.HandleFunc("GET "+p+emailCodePath, u.emailCodePage)
		mux.HandleFunc("POST "+p+emailCodePath, u.form(pageEmailCode, u.enterEmailCode))
		mux.HandleFunc("POST "+p+emailCodePath+"/start", u.form(pageEmailCode, u.startEmailCode))
		mux.HandleFunc("POST "+p+emailCodePath+"/status", u.form(pageEmailCode, u.emailCodeStatus))
		mux.HandleFunc("GET "+p+emailchallenge.LinkPath, u.emailCodePage)
		mux.HandleFunc("POST "+p+emailchallenge.LinkPath, u.form(pageEmailCode, u.approveEmailLink))
	}
	if u.tf != nil {
		mux.HandleFunc("GET "+p+pagePath[pageSecondFactor], u.secondFactorPage)
		mux.HandleFunc("POST "+p+pagePath[pageSecondFactor], u.form(pageSecondFactor, u.verifySecondFactor))
	}
	u.securityRoutes(mux)
	mux.HandleFunc("GET "+p+"/sign-out", u.page(pageSignOut, "title.sign_out", nil))
	mux.HandleFunc("POST "+p+"/sign-out", u.form(pageSignOut, u.signOut))
	mux.HandleFunc("GET "+p+"/account", u.accountPage)
	mux.HandleFunc("POST "+p+"/account/profile", u.form(pageAccount, u.saveProfile))
	mux.HandleFunc("POST "+p+"/account/sessions/revoke", u.form(pageAccount, u.revokeSession))
	mux.HandleFunc("POST "+p+"/account/sessions/revoke-others", u.form(pageAccount, u.revokeOthers))
	if u.adm != nil {
		u.adminRoutes(mux)
	}
	u.addressRoutes(mux)
	u.providerRoutes(mux)
	return mux
}

func (u *ui) serveCSS(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/css; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK) // said, since a framework's fallback route may have set 404 (gin's NoRoute)
	_, _ = w.Write(u.css)
}
