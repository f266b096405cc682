package gothoauth

// Option configures [Provider].
type Option func(*config)

type config struct {
	name     string
	pkce     bool
	verified bool
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// WithName sets the provider's name in the plugin's routes and identity
// kinds (default: the goth provider's Name, such as "github" or
// "openid-connect").
func WithName(name string) Option { return func(c *config) { c.name = name } }

// WithPKCE sends the PKCE challenge (RFC 7636 §4.3) and hands the verifier
// to the goth session as the code_verifier parameter, for goth providers
// other than openidConnect whose session sends it to the token endpoint.
// With a session that drops it, a provider that enforces PKCE refuses the
// code.
func WithPKCE() Option { return func(c *config) { c.pkce = true } }

// WithVerifiedEmails takes every address the provider returns as verified
// by it. Use it only for a provider that documents so: the oauth plugin
// signs a person with a verified address into the existing account that
// holds it. See the package's Security section.
func WithVerifiedEmails() Option { return func(c *config) { c.verified = true } }
