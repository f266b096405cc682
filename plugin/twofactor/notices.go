package twofactor

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// The purposes of the plugin's messages, which name their templates in
// the email plugin ([email.WithTemplate] replaces them).
const (
	purposeCodeMessage = "two-factor-code"
	purposeAdded       = "two-factor-added"
	purposeRemoved     = "two-factor-removed"
)

var templates = map[string][2]string{
	purposeCodeMessage: {"Your {{.App}} verification code",
		"Your verification code is {{.Code}}. It works once, for {{.Within}}.\n\nIf you did not just sign in or set up this code, someone has your password: change it."},
	purposeAdded: {"A second factor was added to your {{.App}} account",
		"A second factor ({{.What}}) was just added to your {{.App}} account.\n\nIf this was not you, someone has access to your account: reset your password, which signs out every device, and remove the factor."},
	purposeRemoved: {"A second factor was removed from your {{.App}} account",
		"A second factor ({{.What}}) was just removed from your {{.App}} account, and your other devices were signed out.\n\nIf this was not you, reset your password and set up your second factor again."},
}

func (p *Plugin) defineTemplates(m *email.Plugin) error {
	for purpose, t := range templates {
		if err := m.DefineTemplate(purpose, t[0], t[1]); err != nil {
			return err
		}
	}
	return nil
}

func emailData(code auth.Secret, ttl time.Duration) email.MessageData {
	return email.MessageData{Code: code.Reveal(), Minutes: minutes(ttl)}
}

// describe names a factor in a notice: its method, and its name if any.
func describe(f Factor) string {
	what := map[string]string{MethodTOTP: "authenticator app", MethodEmail: "codes by email", MethodSMS: "codes by text message"}[f.Method]
	if what == "" {
		what = f.Method
	}
	if f.Name != "" {
		what += ` "` + f.Name + `"`
	}
	return what
}

// notify tells every verified address of the user of a change to their
// second factors.
func (p *Plugin) notify(ctx context.Context, c *auth.Call, userID, purpose string, f Factor) error {
	if p.mail == nil {
		return nil
	}
	ids, err := c.Identities(ctx, userID, email.Kind)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if !id.Verified() {
			continue
		}
		if err := p.mail.Send(ctx, c, purpose, id.Value, email.MessageData{What: describe(f)}); err != nil {
			return err
		}
	}
	return nil
}
