package organization

import (
	"context"
	"errors"
	"net/mail"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// DomainCodePurpose is the purpose of the core's codes that prove a
// domain by mail; each is issued for one domain row (its subject), which
// belongs to one organization and names one domain.
const DomainCodePurpose = "organization-domain"

// DomainCodeDigits is the length of a mailed domain code.
const DomainCodeDigits = 6

// MailDomainRequest asks for a code mailed to Email, an address in the
// domain DomainID names.
type MailDomainRequest struct {
	DomainID string `json:"domainId"`
	Email    string `json:"email"`
}

// Validate implements [auth.InputValidator].
func (r MailDomainRequest) Validate() error {
	errs := []error{checkID("domainId", r.DomainID)}
	if _, _, err := splitAddress(r.Email); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// DomainCodeRequest confirms a domain with the code mailed for it.
type DomainCodeRequest struct {
	DomainID string      `json:"domainId"`
	Code     auth.Secret `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r DomainCodeRequest) Validate() error {
	errs := []error{checkID("domainId", r.DomainID)}
	if r.Code.IsZero() {
		errs = append(errs, errors.New("code is required"))
	}
	return errors.Join(errs...)
}

// DomainMailed says where the code went.
type DomainMailed struct {
	Email string `json:"email"`
}

// splitAddress returns a bare address, lower case, and its domain.
func splitAddress(s string) (string, string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	i := -1
	if err == nil {
		i = strings.LastIndexByte(a.Address, '@')
	}
	if err != nil || i <= 0 || len(a.Address) > 320 || a.Address != strings.TrimSpace(s) {
		return "", "", errors.New("email must be a bare address such as postmaster@example.com")
	}
	d, err := NormalizeDomain(a.Address[i+1:])
	if err != nil {
		return "", "", err
	}
	return a.Address[:i] + "@" + d, d, nil
}

// codeData binds a code to its organization and domain name, checked
// again when it is consumed.
func codeData(d Domain) string { return d.OrganizationID + " " + d.Domain }

// mailDomainCode mails a code for a domain to an address in exactly that
// domain (not a subdomain); organization:update. A newer code replaces
// the older ones of the domain.
func (p *Plugin) mailDomainCode(ctx context.Context, c *auth.Call, in MailDomainRequest) (DomainMailed, error) {
	d, err := p.enterDomain(ctx, c, in.DomainID)
	if err != nil {
		return DomainMailed{}, err
	}
	addr, domain, _ := splitAddress(in.Email)
	if domain != d.Domain || !p.mailbox(addr) {
		return DomainMailed{}, ErrDomainAddress
	}
	if !d.VerifiedAt.IsZero() {
		return DomainMailed{}, ErrDomainTaken
	}
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: DomainCodePurpose, Subject: d.ID, Data: codeData(d),
		TTL: p.cfg.domainCodeTTL, ReplacePrevious: true, UserID: c.User().ID}, DomainCodeDigits)
	if err != nil {
		return DomainMailed{}, err
	}
	if err := c.Send(ctx, "email", auth.Message{Purpose: DomainCodePurpose, To: addr, Subject: "Confirm your domain " + d.Domain,
		Text: "Someone asked to prove that they manage the email domain " + d.Domain + " for an organization.\n" +
			"If it was you, enter this code:\n\n" + code.Reveal() + "\n\nOtherwise ignore this mail.\n"}); err != nil {
		return DomainMailed{}, err
	}
	return DomainMailed{Email: addr}, nil
}

// mailbox reports whether an address may be mailed a domain's code:
// [DefaultDomainMailboxes], [WithDomainMailboxes], [WithAnyDomainMailbox].
func (p *Plugin) mailbox(addr string) bool {
	if p.cfg.anyDomainMailbox {
		return true
	}
	boxes := p.cfg.domainMailboxes
	if boxes == nil {
		boxes = DefaultDomainMailboxes
	}
	local := addr[:strings.LastIndexByte(addr, '@')]
	for _, m := range boxes {
		if strings.EqualFold(local, m) {
			return true
		}
	}
	return false
}

// confirmDomainCode verifies a domain with a mailed code; the code is
// used up first, so a replay answers [auth.ErrCodeInvalid] even once the
// domain is verified.
func (p *Plugin) confirmDomainCode(ctx context.Context, c *auth.Call, in DomainCodeRequest) (Domain, error) {
	d, err := p.enterDomain(ctx, c, in.DomainID)
	if err != nil {
		return Domain{}, err
	}
	tok, err := c.ConsumeCode(ctx, DomainCodePurpose, d.ID, in.Code, p.cfg.domainCodeAttempts)
	if err != nil {
		return Domain{}, err
	}
	if tok.Data != codeData(d) {
		return Domain{}, auth.ErrCodeInvalid
	}
	if !d.VerifiedAt.IsZero() {
		return d, nil
	}
	return p.markVerified(ctx, c, d, "mail")
}
