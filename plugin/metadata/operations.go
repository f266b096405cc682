package metadata

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations.
const (
	// OpGet is GET /metadata: [Plugin.Get].
	OpGet = "metadata.get"
	// OpUpdate is POST /metadata/update: [Plugin.Update].
	OpUpdate = "metadata.update"
	// OpSet is [Plugin.Set], a server operation with no route.
	OpSet = "metadata.set"
)

type ops struct {
	get    *auth.Op[auth.Empty, View]
	update *auth.Op[UpdateRequest, View]
	set    *auth.Op[SetRequest, Metadata]
}

func (p *Plugin) newOps() ops {
	codes := []*auth.Error{ErrInvalid, ErrTooLarge, ErrVersionConflict}
	return ops{
		get: &auth.Op[auth.Empty, View]{Name: OpGet, Method: http.MethodGet, Path: "/metadata",
			Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.handleGet},
		update: &auth.Op[UpdateRequest, View]{Name: OpUpdate, Method: http.MethodPost, Path: "/metadata/update",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: codes, Handler: p.handleUpdate},
		set: &auth.Op[SetRequest, Metadata]{Name: OpSet, Writes: true, Codes: append(codes, auth.ErrUserNotFound), Handler: p.handleSet},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.get, p.ops.update, p.ops.set}
}

// View is what the user sees of their documents: never the private one.
type View struct {
	Public    json.RawMessage `json:"public"`
	Editable  json.RawMessage `json:"editable"`
	Version   int64           `json:"version"`
	UpdatedAt time.Time       `json:"updatedAt,omitzero"`
}

// UpdateRequest replaces the caller's editable document, if their
// documents are still at Version (0 for a user who has none): a write
// based on an older read answers [ErrVersionConflict] instead of undoing
// the write in between.
type UpdateRequest struct {
	Editable json.RawMessage `json:"editable"`
	Version  int64           `json:"version"`
}

// Validate implements [auth.InputValidator].
func (r UpdateRequest) Validate() error {
	if len(r.Editable) == 0 {
		return errors.New("editable is required")
	}
	if r.Version < 0 {
		return errors.New("version must be 0 or more")
	}
	return nil
}

// SetRequest replaces any of a user's documents from the server; a nil
// one is left as it is. With IfVersion, the write happens only if the
// documents are still at that version ([ErrVersionConflict] otherwise);
// without it, the last write wins.
type SetRequest struct {
	UserID    string           `json:"userId"`
	Public    *json.RawMessage `json:"public"`
	Private   *json.RawMessage `json:"private"`
	Editable  *json.RawMessage `json:"editable"`
	IfVersion *int64           `json:"ifVersion"`
}

// Validate implements [auth.InputValidator].
func (r SetRequest) Validate() error {
	if r.UserID == "" {
		return errors.New("userId is required")
	}
	return nil
}

// Get returns the caller's public and editable documents.
func (p *Plugin) Get(ctx context.Context) (View, error) { return p.ops.get.Run(ctx, auth.Empty{}) }

// Update replaces the caller's editable document (see [UpdateRequest]).
func (p *Plugin) Update(ctx context.Context, in UpdateRequest) (View, error) {
	return p.ops.update.Run(ctx, in)
}

// Set replaces any of a user's documents, public and private ones
// included: a server operation ([OpSet]) that no transport serves, for
// the host's own code, which decided the write may happen.
func (p *Plugin) Set(ctx context.Context, in SetRequest) (Metadata, error) {
	return p.ops.set.Run(ctx, in)
}

func view(m Metadata) View {
	return View{Public: m.Public, Editable: m.Editable, Version: m.Version, UpdatedAt: m.UpdatedAt}
}

func (p *Plugin) handleGet(ctx context.Context, c *auth.Call, _ auth.Empty) (View, error) {
	m, err := Read(ctx, c.DB(), c.User().ID)
	return view(m), err
}

func (p *Plugin) handleUpdate(ctx context.Context, c *auth.Call, in UpdateRequest) (View, error) {
	doc, err := p.check(Editable, in.Editable)
	if err != nil {
		return View{}, err
	}
	m, err := p.apply(ctx, c, c.User().ID, &in.Version, func(m *Metadata) { m.Editable = doc })
	return view(m), err
}

func (p *Plugin) handleSet(ctx context.Context, c *auth.Call, in SetRequest) (Metadata, error) {
	docs := map[Kind]*json.RawMessage{Public: in.Public, Private: in.Private, Editable: in.Editable}
	checked := map[Kind]json.RawMessage{}
	for kind, doc := range docs {
		if doc == nil {
			continue
		}
		ok, err := p.check(kind, *doc)
		if err != nil {
			return Metadata{}, err
		}
		checked[kind] = ok
	}
	return p.apply(ctx, c, in.UserID, in.IfVersion, func(m *Metadata) {
		for kind, doc := range checked {
			switch kind {
			case Public:
				m.Public = doc
			case Private:
				m.Private = doc
			case Editable:
				m.Editable = doc
			}
		}
	})
}

// apply takes the user's lock ([auth.Call.LockUser]: writers of one
// user's documents take turns, on every engine, even before the user has
// a row), reads the documents, changes them and writes them back if they
// are still at ifVersion; with none, the last write wins.
func (p *Plugin) apply(ctx context.Context, c *auth.Call, userID string, ifVersion *int64, change func(*Metadata)) (Metadata, error) {
	if err := c.LockUser(ctx, userID); err != nil {
		return Metadata{}, err
	}
	m, err := Read(ctx, c.DB(), userID)
	if err != nil {
		return Metadata{}, err
	}
	if ifVersion != nil && *ifVersion != m.Version {
		return Metadata{}, ErrVersionConflict
	}
	change(&m)
	now := c.Now()
	if m.Version, err = write(ctx, c.DB(), userID, m, now); err != nil {
		return Metadata{}, err
	}
	m.UpdatedAt = now
	return m, nil
}
