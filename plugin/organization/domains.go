package organization

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Domain policies: what a verified domain does for users whose verified
// email address is in it.
const (
	// PolicyInvite does nothing by itself: such users join by invitation.
	PolicyInvite = "invite"
	// PolicySuggest lists the organization to them ([Plugin.Suggested])
	// and lets them join it with the member role ([Plugin.Join]).
	PolicySuggest = "suggest"
	// PolicyAutoJoin does what PolicySuggest does, and makes them members
	// with the member role as soon as such an address is verified.
	PolicyAutoJoin = "auto-join"
)

// TXTPrefix starts the DNS name of a domain's proof:
// "_sesame-verification.example.com" holds a TXT record
// "sesame-verification=<challenge>".
const TXTPrefix = "_sesame-verification."

// Resolver looks up the TXT records of a DNS name, as
// net.Resolver.LookupTXT does.
type Resolver func(ctx context.Context, name string) ([]string, error)

// Domain is an email domain of an organization.
type Domain struct {
	ID             string `json:"id"`
	OrganizationID string `json:"organizationId"`
	Domain         string `json:"domain"`
	Policy         string `json:"policy"`
	// TXTName and TXTValue are the record to publish to verify it.
	TXTName    string    `json:"txtName"`
	TXTValue   string    `json:"txtValue"`
	VerifiedAt time.Time `json:"verifiedAt,omitzero"`
	CreatedAt  time.Time `json:"createdAt"`
}

type domainRow struct {
	d        Domain
	verified sql.Null[time.Time]
}

func (r *domainRow) selections() []sqlb.Selection {
	return []sqlb.Selection{DomainID.Into(&r.d.ID), DomainOrganizationID.Into(&r.d.OrganizationID), DomainName.Into(&r.d.Domain),
		DomainPolicy.Into(&r.d.Policy), DomainChallenge.Into(&r.d.TXTValue), DomainVerifiedAt.Into(&r.verified),
		DomainCreatedAt.Into(&r.d.CreatedAt)}
}

func (r *domainRow) domain() Domain {
	d := r.d
	d.VerifiedAt = r.verified.V
	d.TXTName = TXTPrefix + d.Domain
	d.TXTValue = "sesame-verification=" + d.TXTValue
	return d
}

// DomainList is the domains of an organization.
type DomainList struct {
	Domains []Domain `json:"domains"`
}

var domainShape = regexp.MustCompile(`^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`)

// NormalizeDomain returns a domain name lower case without a final dot,
// or an error when it is not one.
func NormalizeDomain(s string) (string, error) {
	s = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
	if len(s) > 253 || !domainShape.MatchString(s) {
		return "", errors.New("domain must be a DNS name such as example.com")
	}
	return s, nil
}

// DomainRequest adds a domain to an organization with a policy.
type DomainRequest struct {
	OrganizationID string `json:"organizationId"`
	Domain         string `json:"domain"`
	Policy         string `json:"policy"`
}

// Validate implements [auth.InputValidator].
func (r DomainRequest) Validate() error {
	errs := []error{checkID("organizationId", r.OrganizationID)}
	if _, err := NormalizeDomain(r.Domain); err != nil {
		errs = append(errs, err)
	}
	switch r.Policy {
	case PolicyInvite, PolicySuggest, PolicyAutoJoin:
	default:
		errs = append(errs, fmt.Errorf("policy must be %q, %q or %q", PolicyInvite, PolicySuggest, PolicyAutoJoin))
	}
	return errors.Join(errs...)
}

// DomainIDRequest names a domain of an organization; found is what
// Prepare read of its DNS proof.
type DomainIDRequest struct {
	DomainID string `json:"domainId"`
	txt      []string
}

// Validate implements [auth.InputValidator].
func (r DomainIDRequest) Validate() error { return checkID("domainId", r.DomainID) }

// addDomain records a domain to verify; organization:update.
func (p *Plugin) addDomain(ctx context.Context, c *auth.Call, in DomainRequest) (Domain, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, ResOrganization, ActUpdate); err != nil {
		return Domain{}, err
	}
	name, _ := NormalizeDomain(in.Domain)
	var b [18]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Domain{}, err
	}
	r := domainRow{d: Domain{ID: c.Auth().NewID(), OrganizationID: in.OrganizationID, Domain: name, Policy: in.Policy,
		TXTValue: base64.RawURLEncoding.EncodeToString(b[:]), CreatedAt: c.Now()}}
	n, err := c.DB().Exec(ctx, sqlb.Insert(Domains).Row(DomainID.Set(r.d.ID), DomainOrganizationID.Set(r.d.OrganizationID),
		DomainName.Set(name), DomainPolicy.Set(in.Policy), DomainChallenge.Set(r.d.TXTValue),
		DomainVerifiedAt.Set(sql.Null[time.Time]{}), DomainCreatedAt.Set(r.d.CreatedAt)).
		OnConflictDoNothing(DomainOrganizationID, DomainName))
	if err != nil {
		return Domain{}, err
	}
	if n == 0 {
		return Domain{}, ErrDomainTaken
	}
	return r.domain(), nil
}

// resolveDomain reads, before the transaction, the TXT records of the
// domain's proof name (a slow network call holds no lock).
func (p *Plugin) resolveDomain(ctx context.Context, c *auth.Call, in *DomainIDRequest) error {
	var r domainRow
	err := c.DB().One(ctx, sqlb.Select(r.selections()...).From(Domains).Where(DomainID.Eq(in.DomainID)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the handler answers as for any unknown domain
	}
	if err != nil {
		return err
	}
	txt, err := p.cfg.resolver(ctx, TXTPrefix+r.d.Domain)
	if err != nil {
		p.a.Logger().InfoContext(ctx, "organization: DNS lookup of a domain proof failed", "domain", r.d.Domain, "err", err)
	}
	in.txt = txt
	return nil
}

// verifyDomain marks a domain verified when its TXT record holds the
// challenge; a domain another organization verified first answers
// [ErrDomainTaken].
func (p *Plugin) verifyDomain(ctx context.Context, c *auth.Call, in DomainIDRequest) (Domain, error) {
	d, err := p.enterDomain(ctx, c, in.DomainID)
	if err != nil {
		return Domain{}, err
	}
	if !d.VerifiedAt.IsZero() {
		return d, nil
	}
	found := false
	for _, v := range in.txt {
		if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(v)), []byte(d.TXTValue)) == 1 {
			found = true
		}
	}
	if !found {
		return Domain{}, ErrDomainNotVerified
	}
	return p.markVerified(ctx, c, d, "dns")
}

// markVerified marks a domain verified by a proof ("dns", "mail"),
// unless another organization verified the name first
// ([ErrDomainTaken]).
func (p *Plugin) markVerified(ctx context.Context, c *auth.Call, d Domain, proof string) (Domain, error) {
	// Lock every row of the name, so that two organizations verifying it
	// at once see each other.
	var other int64
	if err := c.DB().All(ctx, sqlb.Select(DomainID.Into(new(string))).From(Domains).Where(sqlb.And(DomainName.Eq(d.Domain),
		DomainVerifiedAt.IsNotNull(), DomainID.Ne(d.ID))).ForUpdate(), func() error { other++; return nil }); err != nil {
		return Domain{}, err
	}
	if other > 0 {
		return Domain{}, ErrDomainTaken
	}
	d.VerifiedAt = c.Now()
	n, err := c.DB().Exec(ctx, sqlb.Update(Domains).Set(DomainVerifiedAt.Set(sql.Null[time.Time]{V: d.VerifiedAt, Valid: true})).
		Where(sqlb.And(DomainID.Eq(d.ID), DomainVerifiedAt.IsNull())))
	if err != nil {
		return Domain{}, err
	}
	if n == 1 {
		c.EmitCommitted(EventDomainVerified, "organization="+d.OrganizationID+" domain="+d.Domain+" policy="+d.Policy+" proof="+proof)
	}
	return d, nil
}

// enterDomain loads a domain for a caller with organization:update in
// its organization; others get [ErrDomainNotFound].
func (p *Plugin) enterDomain(ctx context.Context, c *auth.Call, id string) (Domain, error) {
	var r domainRow
	err := c.DB().One(ctx, sqlb.Select(r.selections()...).From(Domains).Where(DomainID.Eq(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return Domain{}, ErrDomainNotFound
	}
	if err != nil {
		return Domain{}, err
	}
	if _, err := p.enter(ctx, c, r.d.OrganizationID, true, ResOrganization, ActUpdate); err != nil {
		if errors.Is(err, ErrOrganizationNotFound) {
			return Domain{}, ErrDomainNotFound
		}
		return Domain{}, err
	}
	return r.domain(), nil
}

// removeDomain deletes a domain of an organization.
func (p *Plugin) removeDomain(ctx context.Context, c *auth.Call, in DomainIDRequest) (Changed, error) {
	d, err := p.enterDomain(ctx, c, in.DomainID)
	if err != nil {
		return Changed{}, err
	}
	_, err = c.DB().Exec(ctx, sqlb.Delete(Domains).Where(DomainID.Eq(d.ID)))
	return Changed{Changed: err == nil}, err
}

// domains lists the domains of an organization; organization:update.
func (p *Plugin) domains(ctx context.Context, c *auth.Call, in OrgRequest) (DomainList, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, false, ResOrganization, ActUpdate); err != nil {
		return DomainList{}, err
	}
	var r domainRow
	out := DomainList{Domains: []Domain{}}
	err := c.DB().All(ctx, sqlb.Select(r.selections()...).From(Domains).Where(DomainOrganizationID.Eq(in.OrganizationID)).
		OrderBy(DomainName.Asc()), func() error {
		out.Domains = append(out.Domains, r.domain())
		return nil
	})
	return out, err
}

// verifiedDomains returns the domains of the caller's verified email
// addresses.
func verifiedDomains(ctx context.Context, c *auth.Call, userID string) ([]string, error) {
	ids, err := c.Identities(ctx, userID, "email")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, id := range ids {
		if i := strings.LastIndexByte(id.Value, '@'); id.Verified() && i >= 0 {
			if d, err := NormalizeDomain(id.Value[i+1:]); err == nil {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// open returns the organizations that a user's verified addresses let
// in (a verified domain of policy suggest or auto-join, or only
// auto-join) and that they are not a member of.
func open(ctx context.Context, c *auth.Call, userID string, policies ...string) ([]Organization, error) {
	domains, err := verifiedDomains(ctx, c, userID)
	if err != nil || len(domains) == 0 {
		return []Organization{}, err
	}
	var o Organization
	out := []Organization{}
	err = c.DB().All(ctx, sqlb.Select(o.selections()...).From(Organizations).
		Join(Domains, DomainOrganizationID.EqCol(OrganizationID)).
		Where(sqlb.And(DomainName.In(domains...), DomainVerifiedAt.IsNotNull(), DomainPolicy.In(policies...))).
		OrderBy(OrganizationSlug.Asc()), func() error {
		if n := len(out); n > 0 && out[n-1].ID == o.ID {
			return nil
		}
		cp := o
		if err := cp.decode(); err != nil {
			return err
		}
		out = append(out, cp)
		return nil
	})
	if err != nil {
		return nil, err
	}
	kept := out[:0]
	for _, org := range out {
		ok, err := member(ctx, c, org.ID, userID)
		if err != nil {
			return nil, err
		}
		if !ok {
			kept = append(kept, org)
		}
	}
	return kept, nil
}

// suggested lists the organizations the caller may join by domain.
func (p *Plugin) suggested(ctx context.Context, c *auth.Call, _ auth.Empty) (OrganizationList, error) {
	l, err := open(ctx, c, c.User().ID, PolicySuggest, PolicyAutoJoin)
	return OrganizationList{Organizations: l}, err
}

// joinByDomain makes the caller a member with the member role of an
// organization that one of their verified addresses lets in; any other
// answers [ErrOrganizationNotFound].
func (p *Plugin) joinByDomain(ctx context.Context, c *auth.Call, in OrgRequest) (Organization, error) {
	l, err := open(ctx, c, c.User().ID, PolicySuggest, PolicyAutoJoin)
	if err != nil {
		return Organization{}, err
	}
	for _, o := range l {
		if o.ID != in.OrganizationID {
			continue
		}
		if _, err := load(ctx, c, o.ID, true); err != nil {
			return Organization{}, err
		}
		if err := p.join(ctx, c, o.ID, c.User().ID, p.cfg.memberRole); err != nil {
			return Organization{}, err
		}
		o.Roles = []string{p.cfg.memberRole}
		return o, nil
	}
	return Organization{}, ErrOrganizationNotFound
}

// IdentityVerified implements [auth.IdentityObserver]: a verified email
// address in a verified domain of policy auto-join makes its holder a
// member with the member role. A limit reached skips the organization:
// it must not fail the verification.
func (p *Plugin) IdentityVerified(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind != "email" || !id.Verified() {
		return nil
	}
	l, err := open(ctx, c, id.UserID, PolicyAutoJoin)
	if err != nil {
		return err
	}
	for _, o := range l {
		if _, err := load(ctx, c, o.ID, true); err != nil {
			return err
		}
		if err := p.join(ctx, c, o.ID, id.UserID, p.cfg.memberRole); err != nil &&
			!errors.Is(err, ErrLimitReached) && !errors.Is(err, ErrAlreadyMember) {
			return err
		}
	}
	return nil
}

// IdentityRemoved implements [auth.IdentityObserver]: memberships stay
// when an address goes.
func (p *Plugin) IdentityRemoved(context.Context, *auth.Call, *auth.Identity) error { return nil }
