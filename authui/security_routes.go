package authui

import (
	"net/http"
	"time"

	"github.com/sesame-go/sesame/plugin/twofactor"
)

// securityRoutes adds the security page and its forms, with the
// twofactor or passkey plugin, and the passkey ceremonies of the sign-in
// and second-step pages, with the passkey plugin.
func (u *ui) securityRoutes(mux *http.ServeMux) {
	p := u.cfg.prefix
	if u.tf == nil && !u.pk {
		return
	}
	mux.HandleFunc("GET "+p+securityPath, u.securityPage)
	if u.tf != nil {
		mux.HandleFunc("POST "+p+securityPath+"/totp", u.form(pageSecurity, u.enrolTOTP))
		mux.HandleFunc("POST "+p+securityPath+"/totp/confirm", u.form(pageSecurity, u.confirmTOTP))
		mux.HandleFunc("POST "+p+securityPath+"/recovery-codes", u.form(pageSecurity, u.newRecoveryCodes))
		mux.HandleFunc("POST "+p+securityPath+"/factors/remove", u.form(pageSecurity, u.removeFactor))
	}
	if !u.pk {
		return
	}
	mux.HandleFunc("GET "+p+passkeyScript, u.serveScript)
	mux.HandleFunc("POST "+p+passkeyAddPath+optionsSuffix, u.ceremonyOptions(pageSecurity, opPasskeyRegisterOptions, struct{}{}))
	mux.HandleFunc("POST "+p+passkeyAddPath, u.form(pageSecurity, u.addPasskey))
	mux.HandleFunc("POST "+p+securityPath+"/passkeys/rename", u.form(pageSecurity, u.renamePasskey))
	mux.HandleFunc("POST "+p+securityPath+"/passkeys/remove", u.form(pageSecurity, u.removePasskey))
	mux.HandleFunc("POST "+p+passkeySignInPath+optionsSuffix, u.ceremonyOptions(pageSignIn, opPasskeySignInOptions, struct{}{}))
	mux.HandleFunc("POST "+p+passkeySignInPath, u.form(pageSignIn, u.passkeySignIn))
	if _, ok := u.a.Operation(opPasskeySecond); ok && u.tf != nil {
		mux.HandleFunc("POST "+p+passkeySecondPath+optionsSuffix, u.ceremonyOptions(pageSecondFactor, opPasskeySecondOptions, struct{}{}))
		mux.HandleFunc("POST "+p+passkeySecondPath, u.form(pageSecondFactor, u.passkeySecondFactor))
	}
}

// securitySamples are the views the start-up check renders the security
// page with: a key being set up, recovery codes shown, factors and
// passkeys listed; and a person held until they set up a factor.
func securitySamples(in *view) []*view {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	qr, _ := newQRCode("otpauth://totp/App:a@example.com?secret=JBSWY3DPEHPK3PXP&issuer=App")
	in.Data = securityData{
		Factors: &twofactor.FactorList{Enabled: true, RecoveryCodesLeft: 3,
			Factors: []*twofactor.Factor{{ID: "f", Method: twofactor.MethodTOTP, Name: "phone", CreatedAt: now, LastUsedAt: now}}},
		Passkeys:  []passkeyInfo{{ID: "p", Name: "laptop", CreatedAt: now, LastUsedAt: now}, {ID: "q", Name: "key", CreatedAt: now}},
		Enrolling: "f", Key: "JBSWY3DPEHPK3PXP", QR: &qr, Codes: []string{"aaaa-bbbb", "cccc-dddd"},
	}
	held := *in
	held.Data = securityData{Required: true, Factors: &twofactor.FactorList{}}
	return []*view{in, &held}
}
