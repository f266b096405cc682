package organization

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Organization is an organization as the operations return it.
type Organization struct {
	ID       string          `json:"id"`
	Slug     string          `json:"slug"`
	Name     string          `json:"name"`
	Logo     string          `json:"logo,omitempty"`
	Metadata json.RawMessage `json:"metadata"`
	// Roles are the caller's roles in it, where the operation reads them.
	Roles     []string  `json:"roles,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`

	meta string
}

func (o *Organization) selections() []sqlb.Selection {
	return []sqlb.Selection{OrganizationID.Into(&o.ID), OrganizationSlug.Into(&o.Slug), OrganizationName.Into(&o.Name),
		OrganizationLogo.Into(&o.Logo), OrganizationMetadata.Into(&o.meta), OrganizationCreatedAt.Into(&o.CreatedAt),
		OrganizationUpdatedAt.Into(&o.UpdatedAt)}
}

// decode fills Metadata from the stored text.
func (o *Organization) decode() error {
	if !json.Valid([]byte(o.meta)) {
		return fmt.Errorf("organization: stored metadata of %s is not JSON", o.ID)
	}
	o.Metadata = json.RawMessage(o.meta)
	return nil
}

// OrganizationList is a list of organizations.
type OrganizationList struct {
	Organizations []Organization `json:"organizations"`
}

// Member is a member of an organization with their roles in it.
type Member struct {
	UserID    string    `json:"userId"`
	Name      string    `json:"name"`
	Roles     []string  `json:"roles"`
	CreatedAt time.Time `json:"createdAt"`
}

// MemberList is the members of an organization.
type MemberList struct {
	Members []Member `json:"members"`
}

// Invitation is an invitation, without its token.
type Invitation struct {
	ID             string    `json:"id"`
	OrganizationID string    `json:"organizationId"`
	Email          string    `json:"email"`
	Role           string    `json:"role"`
	InviterID      string    `json:"inviterId,omitempty"`
	Status         string    `json:"status"`
	CreatedAt      time.Time `json:"createdAt"`
	ExpiresAt      time.Time `json:"expiresAt"`
}

// InvitationList is a list of invitations.
type InvitationList struct {
	Invitations []Invitation `json:"invitations"`
}

// Changed tells whether an operation changed anything.
type Changed struct {
	Changed bool `json:"changed"`
}
