package stale

import (
	"context"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/lastlogin"
)

// Plugin mails the owners of inactive accounts and, optionally, deletes
// the accounts of those who never come back, from [auth.Auth.Maintain].
// Make one with [New].
type Plugin struct {
	cfg   config
	batch *auth.Op[BatchRequest, Batch]
	a     *auth.Auth
	mail  *email.Plugin
	last  bool // the lastlogin plugin records sign-ins
	// reporters are the instance's plugins that report other activity.
	reporters []ActivityReporter
}

var (
	_ auth.Plugin      = (*Plugin)(nil)
	_ auth.Initializer = (*Plugin)(nil)
	_ auth.Operator    = (*Plugin)(nil)
	_ auth.Schema      = (*Plugin)(nil)
	_ auth.Maintainer  = (*Plugin)(nil)
	_ auth.Validator   = (*Plugin)(nil)
)

// Deleted is the account event of a stale account's deletion: the core
// ends its sessions and tokens (in any session store) before its row and
// every plugin's rows go.
const Deleted auth.AccountEvent = "stale_deleted"

// The purposes of the plugin's messages, which name their templates in
// the email plugin (email.WithTemplate replaces them).
const (
	// PurposeInactive warns the owner of an inactive account. With
	// [WithDeleteAfter], What says when the account goes.
	PurposeInactive = "stale-inactive"
)

// New returns the plugin. It needs the email plugin, with a sender, to
// reach owners; the lastlogin plugin, when present, makes its record of
// sign-ins count as activity, and so does every [ActivityReporter] (the
// apikey plugin's record of keys' use).
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.batch = &auth.Op[BatchRequest, Batch]{Name: OpBatch, Writes: true, Handler: p.handleBatch}
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "stale" }

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.batch} }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(a *auth.Auth) error {
	err := p.cfg.check()
	if _, ok := email.From(a); !ok {
		err = errors.Join(err, errors.New("stale needs the email plugin (email.New) to reach owners"))
	}
	return err
}

// Init implements [auth.Initializer]: it finds the plugins whose records
// count as activity (lastlogin, every [ActivityReporter]) and gives the
// email plugin the message's default template.
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.mail, _ = email.From(a)
	for _, pl := range a.Plugins() {
		if _, ok := pl.(*lastlogin.Plugin); ok {
			p.last = true
		}
		if r, ok := pl.(ActivityReporter); ok {
			p.reporters = append(p.reporters, r)
		}
	}
	return p.mail.DefineTemplate(PurposeInactive, "Your {{.App}} account is inactive",
		"You have not signed in to your {{.App}} account ({{.Email}}) for a long time.\n\n"+
			"{{if .What}}Unless you sign in, it will be deleted {{.What}}, with everything in it.{{else}}Sign in to keep using it.{{end}}\n\n"+
			"If you no longer need it, there is nothing to do.")
}

// Maintain implements [auth.Maintainer]: it runs a pass ([Plugin.Run]).
func (p *Plugin) Maintain(ctx context.Context, _ *auth.Auth) error {
	_, err := p.Run(ctx, false)
	return err
}

// Report counts what a pass did, or with a dry run would do.
type Report struct {
	// Scanned is how many users the pass looked at.
	Scanned int `json:"scanned"`
	// Notified owners were mailed about their inactive accounts.
	Notified int `json:"notified"`
	// Unreachable inactive accounts have no address to mail: they are
	// neither mailed nor deleted.
	Unreachable int `json:"unreachable"`
	// Cleared marks were of owners who came back after the mail.
	Cleared int `json:"cleared"`
	// Deleted accounts were mailed and never came back within
	// [WithDeleteAfter].
	Deleted int `json:"deleted"`
	// Batches is how many transactions the pass took.
	Batches int `json:"batches"`
}

func (r *Report) add(b Batch) {
	r.Scanned += b.Scanned
	r.Notified += b.Notified
	r.Unreachable += b.Unreachable
	r.Cleared += b.Cleared
	r.Deleted += b.Deleted
	r.Batches++
}

// Run runs a pass over every user, a batch per transaction
// ([WithBatchSize]), from where the last pass stopped if it was
// interrupted, to the end. It is idempotent: an owner is mailed once per
// spell of inactivity. With dryRun it writes and mails nothing, and
// counts what a pass would do, over every user from the first.
func (p *Plugin) Run(ctx context.Context, dryRun bool) (Report, error) {
	var r Report
	after := ""
	for {
		b, err := p.batch.Run(ctx, BatchRequest{DryRun: dryRun, After: after})
		if err != nil {
			return r, err
		}
		r.add(b)
		if b.Done {
			return r, nil
		}
		after = b.Next
	}
}
