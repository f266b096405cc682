package oauth

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/authhttp"
)

var _ authhttp.UIMethod = (*Plugin)(nil)

// displayNames are the presets' proper names, for their buttons.
var displayNames = map[string]string{
	"github": "GitHub", "google": "Google", "microsoft": "Microsoft", "gitlab": "GitLab",
	"discord": "Discord", "apple": "Apple",
}

// UIButtons implements [authhttp.UIMethod]: one "Continue with ..."
// button per provider, in the order given to [New], named
// "oauth.{provider}". Each is a GET of the provider's start route under
// the base URL's path ({prefix}/oauth/{provider}/start), which sends the
// browser on to the provider; a page shows it as a link, so that the
// redirect to the provider is a navigation and not a form's (the pages'
// form-action policy stays 'self').
func (p *Plugin) UIButtons() []authhttp.UIButton {
	prefix := ""
	if p.a != nil {
		prefix = strings.TrimSuffix(p.a.BaseURL().Path, "/")
	}
	var out []authhttp.UIButton
	for _, pr := range p.order {
		if p.providers[pr.name] != pr {
			continue // a duplicate name, which auth.New refuses
		}
		shown := displayNames[pr.name]
		if shown == "" {
			shown = pr.name
		}
		out = append(out, authhttp.UIButton{Name: "oauth." + pr.name, Label: "Continue with " + shown, Provider: shown,
			Method: http.MethodGet, Action: prefix + "/oauth/" + url.PathEscape(pr.name) + "/start"})
	}
	return out
}
