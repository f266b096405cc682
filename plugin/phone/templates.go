package phone

import (
	"fmt"
	"strconv"
	"strings"
	"text/template"
)

// The purposes of the plugin's messages, which name their templates.
const (
	// PurposeSignIn is a sign-in code, to a number that names a person.
	PurposeSignIn = "phone-sign-in-code"
	// PurposeSignUp is a code that creates an account, to a number that
	// names nobody.
	PurposeSignUp = "phone-sign-up-code"
	// PurposeVerify is the code that proves a number added to an account.
	PurposeVerify = "phone-verify"
	// PurposeChange is the code that proves the new number of a change.
	PurposeChange = "phone-change"
	// PurposeChanged tells the old number of a change.
	PurposeChanged = "phone-changed"
	// PurposeAdded tells the account's verified numbers that a way to sign
	// in was added.
	PurposeAdded = "phone-sign-in-added"
	// PurposeRemoved tells a removed number, and the account's other
	// verified numbers and addresses, of the removal.
	PurposeRemoved = "phone-removed"
	// PurposeInUse tells a number's holder that someone tried to add it to
	// another account.
	PurposeInUse = "phone-in-use"
)

// MessageData is what message templates see.
type MessageData struct {
	// App is the application's name ([WithAppName]).
	App string
	// Number is the recipient's number.
	Number string
	// What is what a notice is about: the new number of a change, the
	// number removed, or what was added (a number, an address, or the
	// kind of identity: "oauth:github" ...).
	What string
	// Code is the code to type.
	Code string
	// Link is a link to open, in the messages of plugins that text
	// links through this one (magiclink).
	Link string
	// Minutes is how long the code works; Within says it as people do,
	// "10 minutes".
	Minutes int
	Within  string
}

// Texts stay within one GSM 03.38 segment of 160 characters where they
// can: every segment is paid for.
var defaultTemplates = map[string]string{
	PurposeSignIn:  "{{.Code}} is your {{.App}} sign-in code. It works once, for {{.Within}}. Never share it.",
	PurposeSignUp:  "{{.Code}} is your {{.App}} code to create your account. It works once, for {{.Within}}.",
	PurposeVerify:  "{{.Code}} is your {{.App}} code to add this number to your account. If you did not ask for it, ignore it.",
	PurposeChange:  "{{.Code}} is your {{.App}} code to make this number your account's. If you did not ask for it, ignore it.",
	PurposeChanged: "{{.App}}: your account's number was changed to {{.What}}. If this was not you, contact us now.",
	PurposeAdded:   "{{.App}}: {{.What}} was added to your account as a way to sign in. If this was not you, sign in and remove it.",
	PurposeRemoved: "{{.App}}: {{.What}} was removed from your account. If this was not you, sign in and check your account.",
	PurposeInUse:   "{{.App}}: someone tried to add this number to another account. You can ignore this message.",
}

// parseTemplate parses a message's text.
func parseTemplate(purpose, text string) (*template.Template, error) {
	t, err := template.New(purpose).Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, fmt.Errorf("phone: template %s: %w", purpose, err)
	}
	return t, nil
}

// render fills a template in.
func render(t *template.Template, d MessageData) (string, error) {
	if d.Within == "" {
		d.Within = plural(d.Minutes, "minute")
	}
	var b strings.Builder
	if err := t.Execute(&b, d); err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
