package phone

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// The calls below serve plugins that text people through this one, such
// as magiclink's links to verified numbers: they share its templates and
// its limits against SMS pumping.

// DefineTemplate gives a purpose of another plugin's its text, a
// text/template source that sees [MessageData], unless the host already
// gave that purpose one with [WithTemplate].
func (p *Plugin) DefineTemplate(purpose, text string) error {
	if _, ok := p.templates[purpose]; ok {
		return nil
	}
	t, err := parseTemplate(purpose, text)
	if err != nil {
		return err
	}
	p.templates[purpose] = t
	return nil
}

// CountSend takes one send to a number's calling code from the
// per-prefix limit ([WithPrefixLimit]), as the plugin's own code sends
// do, and returns the number normalized: [auth.ErrRateLimited] past the
// limit, [ErrInvalid] for a number the plugin does not accept. Call it
// for every request that may text a number, whether or not a message
// goes out, so that the limit's answer tells nothing of who holds the
// number.
func (p *Plugin) CountSend(ctx context.Context, c *auth.Call, raw string) (Number, error) {
	n, err := p.Normalize(raw)
	if err != nil {
		return Number{}, err
	}
	return n, p.countPrefix(ctx, c, n.CallingCode)
}
