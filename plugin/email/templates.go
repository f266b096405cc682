package email

import (
	"fmt"
	"strings"
	"text/template"
)

// The purposes of the plugin's messages, which name their templates.
const (
	PurposeVerify       = "verify-email"
	PurposeChange       = "change-email"
	PurposeChanged      = "email-changed"
	PurposeCode         = "sign-in-code"
	PurposeExisting     = "existing-account"
	PurposeAddressInUse = "address-in-use"
	PurposeAdded        = "sign-in-added"
)

// MessageData is what message templates see.
type MessageData struct {
	// App is the application's name (WithAppName).
	App string
	// Email is the recipient's address.
	Email string
	// NewEmail and OldEmail are the addresses of a change. In a notice of
	// an added way in (PurposeAdded), NewEmail is the address added, or
	// the kind of identity ("oauth:github" ...).
	NewEmail, OldEmail string
	// Link is the message's link, with its single-use token.
	Link string
	// Code is a sign-in code.
	Code string
	// Minutes is how long the link or code stays valid.
	Minutes int
}

// template is a message's subject and body, both text/template.
type messageTemplate struct {
	subject, text *template.Template
}

var defaultTemplates = map[string][2]string{
	PurposeVerify: {"Confirm your email for {{.App}}",
		"Confirm {{.Email}} for your {{.App}} account by opening this link within {{.Minutes}} minutes:\n\n{{.Link}}\n\nIf you did not sign up or add this address yourself, ignore this message: do not open the link, or someone else's account gets your address."},
	PurposeChange: {"Confirm your new email for {{.App}}",
		"Open this link within {{.Minutes}} minutes to make {{.NewEmail}} the email of your {{.App}} account:\n\n{{.Link}}\n\nIf you did not ask for this, ignore this message."},
	PurposeChanged: {"Your {{.App}} email was changed",
		"The email of your {{.App}} account was changed from {{.OldEmail}} to {{.NewEmail}}.\n\nIf this was not you, open this link within {{.Minutes}} minutes to restore {{.OldEmail}} and sign out everywhere; then reset your password:\n\n{{.Link}}"},
	PurposeCode: {"Your {{.App}} sign-in code",
		"Your sign-in code is {{.Code}}. It works once, for {{.Minutes}} minutes.\n\nIf you did not ask for it, ignore this message."},
	PurposeExisting: {"Sign-up attempt for your {{.App}} account",
		"Someone tried to create a {{.App}} account with {{.Email}}, which already has one. If it was you, sign in or reset your password instead. Otherwise you can ignore this message."},
	PurposeAdded: {"A way to sign in was added to your {{.App}} account",
		"{{.NewEmail}} was just added to your {{.App}} account as a way to sign in and recover it.\n\nIf this was not you, open this link within {{.Minutes}} minutes to remove it, make {{.Email}} your primary email again and sign out everywhere; then reset your password:\n\n{{.Link}}"},
	PurposeAddressInUse: {"Your email on {{.App}}",
		"Someone asked to add {{.Email}} to a {{.App}} account, but it already belongs to one. If it was you, sign in to that account instead. Otherwise you can ignore this message."},
}

// parseTemplate parses a subject and a text template.
func parseTemplate(purpose, subject, text string) (messageTemplate, error) {
	s, err := template.New(purpose + ".subject").Option("missingkey=error").Parse(subject)
	if err != nil {
		return messageTemplate{}, fmt.Errorf("email: template %s: %w", purpose, err)
	}
	t, err := template.New(purpose + ".text").Option("missingkey=error").Parse(text)
	if err != nil {
		return messageTemplate{}, fmt.Errorf("email: template %s: %w", purpose, err)
	}
	return messageTemplate{s, t}, nil
}

// render fills a template in.
func (m messageTemplate) render(d MessageData) (subject, text string, err error) {
	var sb, tb strings.Builder
	if err := m.subject.Execute(&sb, d); err != nil {
		return "", "", err
	}
	if err := m.text.Execute(&tb, d); err != nil {
		return "", "", err
	}
	return strings.TrimSpace(sb.String()), tb.String(), nil
}
