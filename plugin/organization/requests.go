package organization

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Limits of an organization's fields.
const (
	// MaxSlug is the most bytes of a slug.
	MaxSlug = 48
	// MaxName is the most bytes of a name.
	MaxName = 200
	// MaxLogo is the most bytes of a logo URL.
	MaxLogo = 2048
	// MaxMetadata is the most bytes of the metadata's JSON.
	MaxMetadata = 4096
)

// slugShape is a normalized slug: lower-case letters, digits and inner
// hyphens.
var slugShape = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$`)

// NormalizeSlug returns the slug in its stored form, lower case, or an
// error when it is not 1 to 48 letters, digits and inner hyphens.
func NormalizeSlug(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if !slugShape.MatchString(s) {
		return "", fmt.Errorf("slug must be 1 to %d letters, digits or inner hyphens", MaxSlug)
	}
	return s, nil
}

// Fields are what a caller sets of an organization.
type Fields struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Logo is an https URL, or empty.
	Logo string `json:"logo,omitempty"`
	// Metadata is a JSON object of the host's, at most MaxMetadata bytes.
	Metadata json.RawMessage `json:"metadata,omitempty"`
}

// Validate implements [auth.InputValidator].
func (f Fields) Validate() error {
	var errs []error
	if _, err := NormalizeSlug(f.Slug); err != nil {
		errs = append(errs, err)
	}
	if n := strings.TrimSpace(f.Name); n == "" || len(n) > MaxName || !utf8.ValidString(n) {
		errs = append(errs, fmt.Errorf("name must be 1 to %d bytes of text", MaxName))
	}
	if f.Logo != "" {
		u, err := url.Parse(f.Logo)
		if err != nil || u.Scheme != "https" || u.Host == "" || len(f.Logo) > MaxLogo || u.User != nil {
			errs = append(errs, fmt.Errorf("logo must be an https URL of at most %d bytes", MaxLogo))
		}
	}
	if len(f.Metadata) > 0 {
		var obj map[string]json.RawMessage
		if len(f.Metadata) > MaxMetadata {
			errs = append(errs, fmt.Errorf("metadata must be at most %d bytes", MaxMetadata))
		} else if err := json.Unmarshal(f.Metadata, &obj); err != nil || obj == nil {
			errs = append(errs, errors.New("metadata must be a JSON object"))
		}
	}
	return errors.Join(errs...)
}

// metadata returns the metadata to store, "{}" when none.
func (f Fields) metadata() string {
	if len(f.Metadata) == 0 {
		return "{}"
	}
	return string(f.Metadata)
}

// OrgRequest names an organization.
type OrgRequest struct {
	OrganizationID string `json:"organizationId"`
}

// Validate implements [auth.InputValidator].
func (r OrgRequest) Validate() error { return checkID("organizationId", r.OrganizationID) }

// UpdateRequest changes an organization's fields.
type UpdateRequest struct {
	OrganizationID string `json:"organizationId"`
	Fields
}

// Validate implements [auth.InputValidator].
func (r UpdateRequest) Validate() error {
	return errors.Join(checkID("organizationId", r.OrganizationID), r.Fields.Validate())
}

// MemberRequest names a member of an organization.
type MemberRequest struct {
	OrganizationID string `json:"organizationId"`
	UserID         string `json:"userId"`
}

// Validate implements [auth.InputValidator].
func (r MemberRequest) Validate() error {
	return errors.Join(checkID("organizationId", r.OrganizationID), checkID("userId", r.UserID))
}

// RoleRequest gives a member a role, in place of the roles they hold in
// the organization.
type RoleRequest struct {
	OrganizationID string `json:"organizationId"`
	UserID         string `json:"userId"`
	Role           string `json:"role"`
}

// Validate implements [auth.InputValidator].
func (r RoleRequest) Validate() error {
	return errors.Join(checkID("organizationId", r.OrganizationID), checkID("userId", r.UserID), checkRole(r.Role, false))
}

// TransferRequest hands the organization's ownership to another member;
// the caller keeps KeepRole (the member role of [WithMemberRole] when
// empty).
type TransferRequest struct {
	OrganizationID string `json:"organizationId"`
	UserID         string `json:"userId"`
	KeepRole       string `json:"keepRole,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r TransferRequest) Validate() error {
	return errors.Join(checkID("organizationId", r.OrganizationID), checkID("userId", r.UserID), checkRole(r.KeepRole, true))
}

// InviteRequest invites an email address into an organization with a
// role (the member role of [WithMemberRole] when empty).
type InviteRequest struct {
	OrganizationID string `json:"organizationId"`
	Email          string `json:"email"`
	Role           string `json:"role,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r InviteRequest) Validate() error {
	var errs []error
	errs = append(errs, checkID("organizationId", r.OrganizationID), checkRole(r.Role, true))
	if r.Email == "" || len(r.Email) > 320 {
		errs = append(errs, errors.New("email must be an address"))
	}
	return errors.Join(errs...)
}

// InvitationRequest names an invitation.
type InvitationRequest struct {
	InvitationID string `json:"invitationId"`
}

// Validate implements [auth.InputValidator].
func (r InvitationRequest) Validate() error { return checkID("invitationId", r.InvitationID) }

// checkID refuses a value that is not an ID as the core makes them.
func checkID(field, v string) error {
	if !auth.ValidID(v) {
		return fmt.Errorf("%s must be an ID", field)
	}
	return nil
}

var roleShape = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func checkRole(v string, optional bool) error {
	if optional && v == "" {
		return nil
	}
	if !roleShape.MatchString(v) {
		return errors.New("role must be a role's name")
	}
	return nil
}

// AcceptRequest carries an invitation's token.
type AcceptRequest struct {
	Token auth.Secret `json:"token"`
}

// Validate implements [auth.InputValidator].
func (r AcceptRequest) Validate() error {
	if r.Token.IsZero() {
		return errors.New("token is required")
	}
	return nil
}
