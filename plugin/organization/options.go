package organization

import (
	"context"
	"net"
	"time"
)

// Option configures the plugin.
type Option func(*config)

// Limits are the most organizations a user may belong to and the most
// members an organization may have; zero or less is no limit.
type Limits struct {
	OrganizationsPerUser   int
	MembersPerOrganization int
}

type config struct {
	ownerRole, memberRole string
	invitationTTL         time.Duration
	acceptPath            string
	limits                func(ctx context.Context, userID string) (Limits, error)
	resolver              Resolver
	domainCodeTTL         time.Duration
	domainCodeAttempts    int
	domainMailboxes       []string
	anyDomainMailbox      bool
}

func newConfig(opts []Option) config {
	c := config{ownerRole: "owner", memberRole: "member", invitationTTL: 7 * 24 * time.Hour,
		acceptPath: "/organization/accept-invitation", resolver: net.DefaultResolver.LookupTXT,
		domainCodeTTL: 30 * time.Minute, domainCodeAttempts: 5}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithOwnerRole names the access role of owners: the creator's role, the
// one an organization never runs out of, and the one
// [Plugin.TransferOwnership] hands over. "owner" by default.
func WithOwnerRole(name string) Option { return func(c *config) { c.ownerRole = name } }

// WithMemberRole names the access role an invitation gives when it names
// none, and the role an owner keeps after [Plugin.TransferOwnership]
// unless they name another. "member" by default.
func WithMemberRole(name string) Option { return func(c *config) { c.memberRole = name } }

// WithInvitationTTL sets how long an invitation may be accepted: 7 days
// by default.
func WithInvitationTTL(d time.Duration) Option { return func(c *config) { c.invitationTTL = d } }

// WithAcceptPath sets the path of the host's page, under the base URL,
// that the invitation mail links to with ?token=...; the page calls
// [Plugin.AcceptInvitation] for a signed-in user. By default
// "/organization/accept-invitation".
func WithAcceptPath(path string) Option { return func(c *config) { c.acceptPath = path } }

// WithLimits sets the limits, asked of the host for the user whose
// membership an operation adds (the creator, the invited user): the
// plugin counts under the locks of the user's and the organization's rows,
// so concurrent calls cannot pass them.
func WithLimits(fn func(ctx context.Context, userID string) (Limits, error)) Option {
	return func(c *config) { c.limits = fn }
}

// WithResolver sets the DNS lookup of domain proofs: net.DefaultResolver's
// LookupTXT by default; tests pass their own.
func WithResolver(r Resolver) Option { return func(c *config) { c.resolver = r } }

// WithDomainCode sets how long a code mailed to prove a domain works
// (30 minutes by default) and how many wrong tries it survives (5 by
// default): [Plugin.MailDomainCode].
func WithDomainCode(ttl time.Duration, attempts int) Option {
	return func(c *config) { c.domainCodeTTL, c.domainCodeAttempts = ttl, attempts }
}

// DefaultDomainMailboxes are the local parts [Plugin.MailDomainCode]
// mails by default: the addresses the CA/Browser Forum's Baseline
// Requirements (3.2.2.4.4) accept as proof of a domain's control, which
// only the domain's administrators should hold. Any address would do
// less: any user with a mailbox there (a webmail domain's, a company's
// employee) could prove the domain for an organization of theirs, and
// with auto-join draw in every verified address of it.
var DefaultDomainMailboxes = []string{"admin", "administrator", "webmaster", "hostmaster", "postmaster"}

// WithDomainMailboxes sets the local parts of the domain that
// [Plugin.MailDomainCode] mails, compared case-insensitively, in place of
// [DefaultDomainMailboxes].
func WithDomainMailboxes(localParts ...string) Option {
	return func(c *config) { c.domainMailboxes = localParts }
}

// WithAnyDomainMailbox lets [Plugin.MailDomainCode] mail any address of
// the domain: only for a host whose organizations are made by people it
// trusts with every domain its users' addresses are in (see
// [DefaultDomainMailboxes] for why).
func WithAnyDomainMailbox() Option { return func(c *config) { c.anyDomainMailbox = true } }
