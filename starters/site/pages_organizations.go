package site

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/sqlb"
)

// The organizations page and its forms, for signed-in people: create an
// organization, invite someone into it by email, switch the session's
// active organization; and the page the invitation mail links to, where
// a signed-in person holding the invited address, verified, accepts.
// Every form calls the organization plugin's typed methods with the
// request's context, so each is the plugin's operation with its checks.

// OrganizationsPath is the organizations page.
const OrganizationsPath = "/organizations"

// AcceptInvitationPath is the page the invitation mail links to, with
// ?token=.
const AcceptInvitationPath = OrganizationsPath + "/accept"

// organizationsData is what the organizations page shows.
type organizationsData struct {
	Organizations []organization.Organization
	// Active is the ID of the session's active organization, or "".
	Active string
}

func (app *App) organizationsPage(w http.ResponseWriter, r *http.Request) {
	v, err := app.organizationsView(r)
	if err != nil {
		app.fail(w, r, "message", view{Title: "Organizations", Data: message{Link: "/", LinkText: "Home"}}, err)
		return
	}
	app.render(w, r, http.StatusOK, "organizations", v)
}

func (app *App) organizationsView(r *http.Request) (view, error) {
	ctx := r.Context()
	var d organizationsData
	var err error
	if d.Organizations, err = app.orgs.List(ctx); err != nil {
		return view{}, err
	}
	// List leaves out the caller's roles: Get reads them, one call for
	// each organization (a page for a handful of them).
	for i, o := range d.Organizations {
		if d.Organizations[i], err = app.orgs.Get(ctx, o.ID); err != nil {
			return view{}, err
		}
	}
	if d.Active, _, err = app.orgs.ActiveOrganization(ctx); err != nil {
		return view{}, err
	}
	return view{Title: "Organizations", Data: d}, nil
}

// organizationAction runs one form of the organizations page: on success
// the browser goes to the page with done; on failure the page shows again
// with the error and the form's values.
func (app *App) organizationAction(w http.ResponseWriter, r *http.Request, done string, do func(context.Context, url.Values) error) {
	if !app.parseForm(w, r) {
		return
	}
	err := do(r.Context(), r.PostForm)
	if err == nil {
		seeOther(w, r, OrganizationsPath+"?done="+done)
		return
	}
	v, verr := app.organizationsView(r)
	if verr != nil {
		app.fail(w, r, "message", view{Title: "Organizations", Data: message{Link: OrganizationsPath, LinkText: "Organizations"}}, verr)
		return
	}
	v.Form = keep(r.PostForm, "name", "slug", "organizationId", "email")
	app.fail(w, r, "organizations", v, err)
}

func (app *App) createOrganization(w http.ResponseWriter, r *http.Request) {
	app.organizationAction(w, r, "organization-created", func(ctx context.Context, f url.Values) error {
		_, err := app.orgs.Create(ctx, organization.Fields{Name: strings.TrimSpace(f.Get("name")), Slug: f.Get("slug")})
		return err
	})
}

func (app *App) inviteMember(w http.ResponseWriter, r *http.Request) {
	app.organizationAction(w, r, "invitation-sent", func(ctx context.Context, f url.Values) error {
		_, err := app.orgs.Invite(ctx, organization.InviteRequest{OrganizationID: f.Get("organizationId"), Email: f.Get("email")})
		return err
	})
}

func (app *App) setActiveOrganization(w http.ResponseWriter, r *http.Request) {
	app.organizationAction(w, r, "organization-switched", func(ctx context.Context, f url.Values) error {
		return app.orgs.SetActive(ctx, f.Get("organizationId"))
	})
}

// acceptPage shows the invitation link's page: a form that accepts it,
// the token in a hidden field, so that opening the link changes nothing.
func (app *App) acceptPage(w http.ResponseWriter, r *http.Request) {
	app.render(w, r, http.StatusOK, "organization-accept", view{Title: "Join an organization",
		Form: url.Values{"token": {r.URL.Query().Get("token")}}})
}

// acceptInvitation accepts the invitation of the posted token for the
// signed-in person; the plugin refuses one who holds no verified address
// it was sent to, and the token stays good for the one who does.
func (app *App) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if _, err := app.orgs.AcceptInvitation(r.Context(), auth.NewSecret(r.PostForm.Get("token"))); err != nil {
		app.fail(w, r, "organization-accept", view{Title: "Join an organization", Form: keep(r.PostForm, "token")}, err)
		return
	}
	seeOther(w, r, OrganizationsPath+"?done=invitation-accepted")
}

// activeOrganization returns the name of the active organization of the
// request's session, or "" when it has none, for the page header.
func (app *App) activeOrganization(ctx context.Context) (string, error) {
	id, ok, err := app.orgs.ActiveOrganization(ctx)
	if err != nil || !ok {
		return "", err
	}
	var name string
	err = app.auth.DB().One(ctx, sqlb.Select(organization.OrganizationName.Into(&name)).
		From(organization.Organizations).Where(organization.OrganizationID.Eq(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil // deleted between the two reads
	}
	return name, err
}
