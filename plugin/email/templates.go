package email

import (
	"fmt"
	"strconv"
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
	// What is what a notice is about, in words: the second factor added
	// or removed ("authenticator app") ...
	What string
	// Minutes is how long the link or code stays valid, in minutes.
	Minutes int
	// Within is the same time as people say it: "10 minutes", "1 hour",
	// "24 hours", "7 days". Left empty, it is made from Minutes when the
	// message is rendered, so that a plugin that sets Minutes gets it too.
	Within string
}

// template is a message's subject and body, both text/template.
type messageTemplate struct {
	subject, text *template.Template
}

var defaultTemplates = map[string][2]string{
	PurposeVerify: {"Confirm your email for {{.App}}",
		"Confirm {{.Email}} for your {{.App}} account by opening this link within {{.Within}}:\n\n{{.Link}}\n\nIf you did not sign up or add this address yourself, ignore this message: do not open the link, or someone else's account gets your address."},
	PurposeChange: {"Confirm your new email for {{.App}}",
		"Open this link within {{.Within}} to make {{.NewEmail}} the email of your {{.App}} account:\n\n{{.Link}}\n\nIf you did not ask for this, ignore this message."},
	PurposeChanged: {"Your {{.App}} email was changed",
		"The email of your {{.App}} account was changed from {{.OldEmail}} to {{.NewEmail}}.\n\nIf this was not you, open this link within {{.Within}} to restore {{.OldEmail}} and sign out everywhere; then reset your password:\n\n{{.Link}}"},
	PurposeCode: {"Your {{.App}} sign-in code",
		"Your sign-in code is {{.Code}}. It works once, for {{.Within}}.\n\nIf you did not ask for it, ignore this message."},
	PurposeExisting: {"Sign-up attempt for your {{.App}} account",
		"Someone tried to create a {{.App}} account with {{.Email}}, which already has one. If it was you, sign in or reset your password instead. Otherwise you can ignore this message."},
	PurposeAdded: {"A way to sign in was added to your {{.App}} account",
		"{{.NewEmail}} was just added to your {{.App}} account as a way to sign in and recover it.\n\nIf this was not you, open this link within {{.Within}} to remove it, make {{.Email}} your primary email again and sign out everywhere; then reset your password:\n\n{{.Link}}"},
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
	if d.Within == "" {
		d.Within = within(d.Minutes)
	}
	var sb, tb strings.Builder
	if err := m.subject.Execute(&sb, d); err != nil {
		return "", "", err
	}
	if err := m.text.Execute(&tb, d); err != nil {
		return "", "", err
	}
	return strings.TrimSpace(sb.String()), tb.String(), nil
}

// within says a time given in minutes as people say it: in days from 2
// days on, when it is a whole number of them; else in hours when it is a
// whole number of them ("24 hours", "36 hours"); else in minutes.
func within(minutes int) string {
	const hour, day = 60, 24 * 60
	switch {
	case minutes >= 2*day && minutes%day == 0:
		return plural(minutes/day, "day")
	case minutes >= hour && minutes%hour == 0:
		return plural(minutes/hour, "hour")
	}
	return plural(minutes, "minute")
}

// plural returns n and the unit, with an s unless n is 1.
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
