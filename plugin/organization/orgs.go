package organization

import (
	"context"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// create makes an organization with the caller as its owner.
func (p *Plugin) create(ctx context.Context, c *auth.Call, in Fields) (Organization, error) {
	slug, _ := NormalizeSlug(in.Slug) // Validate checked it
	now := c.Now()
	o := Organization{ID: c.Auth().NewID(), Slug: slug, Name: strings.TrimSpace(in.Name), Logo: in.Logo,
		meta: in.metadata(), CreatedAt: now, UpdatedAt: now}
	n, err := c.DB().Exec(ctx, sqlb.Insert(Organizations).Row(OrganizationID.Set(o.ID), OrganizationSlug.Set(o.Slug),
		OrganizationName.Set(o.Name), OrganizationLogo.Set(o.Logo), OrganizationMetadata.Set(o.meta),
		OrganizationCreatedAt.Set(now), OrganizationUpdatedAt.Set(now)).OnConflictDoNothing(OrganizationSlug))
	if err != nil {
		return Organization{}, err
	}
	if n == 0 {
		return Organization{}, ErrSlugTaken
	}
	c.EmitCommitted(EventCreated, "organization="+o.ID+" slug="+o.Slug)
	if err := p.join(ctx, c, o.ID, c.User().ID, p.cfg.ownerRole); err != nil {
		return Organization{}, err
	}
	o.Roles = []string{p.cfg.ownerRole}
	return o, o.decode()
}

// get returns an organization of the caller's, with their roles in it.
func (p *Plugin) get(ctx context.Context, c *auth.Call, in OrgRequest) (Organization, error) {
	o, err := p.enter(ctx, c, in.OrganizationID, false, ResOrganization, ActRead)
	if err != nil {
		return Organization{}, err
	}
	o.Roles, err = p.rolesOf(ctx, c, o.ID, c.User().ID)
	return *o, err
}

// update changes an organization's fields.
func (p *Plugin) update(ctx context.Context, c *auth.Call, in UpdateRequest) (Organization, error) {
	o, err := p.enter(ctx, c, in.OrganizationID, true, ResOrganization, ActUpdate)
	if err != nil {
		return Organization{}, err
	}
	slug, _ := NormalizeSlug(in.Slug)
	if slug != o.Slug {
		var other int64
		if err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &other)).From(Organizations).Where(OrganizationSlug.Eq(slug))); err != nil {
			return Organization{}, err
		}
		if other > 0 {
			return Organization{}, ErrSlugTaken
		}
	}
	o.Slug, o.Name, o.Logo, o.meta, o.UpdatedAt = slug, strings.TrimSpace(in.Name), in.Logo, in.metadata(), c.Now()
	if _, err := c.DB().Exec(ctx, sqlb.Update(Organizations).Set(OrganizationSlug.Set(o.Slug), OrganizationName.Set(o.Name),
		OrganizationLogo.Set(o.Logo), OrganizationMetadata.Set(o.meta), OrganizationUpdatedAt.Set(o.UpdatedAt)).
		Where(OrganizationID.Eq(o.ID))); err != nil {
		if sqlb.IsUniqueViolation(err) {
			return Organization{}, ErrSlugTaken
		}
		return Organization{}, err
	}
	c.EmitCommitted(EventUpdated, "organization="+o.ID+" slug="+o.Slug)
	o.Roles, err = p.rolesOf(ctx, c, o.ID, c.User().ID)
	if err != nil {
		return Organization{}, err
	}
	return *o, o.decode()
}

// remove deletes an organization with everything of it: memberships,
// invitations and active choices go by cascade; roles and custom roles,
// which the access plugin keeps by scope, explicitly.
func (p *Plugin) remove(ctx context.Context, c *auth.Call, in OrgRequest) (Changed, error) {
	o, err := p.enter(ctx, c, in.OrganizationID, true, ResOrganization, ActDelete)
	if err != nil {
		return Changed{}, err
	}
	return Changed{Changed: true}, deleteOrganization(ctx, c, o)
}

// deleteOrganization deletes a locked organization and what the access
// plugin keeps of it.
func deleteOrganization(ctx context.Context, c *auth.Call, o *Organization) error {
	if _, err := c.DB().Exec(ctx, sqlb.Delete(access.Grants).Where(access.GrantScope.Eq(o.ID))); err != nil {
		return err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(access.CustomRoles).Where(access.CustomRoleScope.Eq(o.ID))); err != nil {
		return err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Organizations).Where(OrganizationID.Eq(o.ID))); err != nil {
		return err
	}
	c.EmitCommitted(EventDeleted, "organization="+o.ID+" slug="+o.Slug)
	return nil
}

// list returns the caller's organizations, by slug.
func (p *Plugin) list(ctx context.Context, c *auth.Call, _ auth.Empty) (OrganizationList, error) {
	var o Organization
	out := OrganizationList{Organizations: []Organization{}}
	err := c.DB().All(ctx, sqlb.Select(o.selections()...).From(Organizations).
		Join(Members, MemberOrganizationID.EqCol(OrganizationID)).
		Where(MemberUserID.Eq(c.User().ID)).OrderBy(OrganizationSlug.Asc()), func() error {
		cp := o
		if err := cp.decode(); err != nil {
			return err
		}
		out.Organizations = append(out.Organizations, cp)
		return nil
	})
	return out, err
}
