package authimport

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// Source yields the records of another system, batch by batch, in a
// stable order.
type Source interface {
	// Name names the system, such as "better-auth": it keys what was
	// imported, so that two runs from sources of one name import nothing
	// twice, and imported sessions are found under it by the cookie
	// bridge. At most 64 bytes.
	Name() string
	// Next returns up to n more records, and io.EOF after the last.
	Next(ctx context.Context, n int) ([]Record, error)
}

// Option configures [Plugin.Import].
type Option func(*runConfig)

type runConfig struct {
	dry      bool
	batch    int
	progress io.Writer
}

// DefaultBatchSize is how many records one transaction imports by
// default.
const DefaultBatchSize = 200

// DryRun makes the import do everything a run does, batch by batch, and
// roll each batch back: the report says what a run would import and every
// problem it would meet (the password plugin's refusals too), and nothing
// is written. Batches are judged alone, so a record that conflicts only
// with an earlier batch's (other than by address or account, which the
// run compares itself) is found by the run.
func DryRun() Option { return func(c *runConfig) { c.dry = true } }

// WithBatchSize sets how many records one transaction imports, between 1
// and 5000.
func WithBatchSize(n int) Option { return func(c *runConfig) { c.batch = max(1, min(n, 5000)) } }

// WithProgress writes a progress line ([Report.Progress]) to w after each
// batch: the auth import command gives os.Stderr.
func WithProgress(w io.Writer) Option { return func(c *runConfig) { c.progress = w } }

// Import reads every record of src and imports it, a batch per
// transaction. It is idempotent and resumable: what an earlier run
// imported (listed in [Imported]) is counted as already there, so a run
// interrupted after N users goes on with the next one when started again.
// Records that cannot be imported (malformed fields, an address that
// differs from an earlier record's only in case, an address or a provider
// account that names an existing user) are reported in the [Report] and
// nothing of them is written. A failure of the database or of src ends
// the run with an error; the batches committed before it stay.
func (p *Plugin) Import(ctx context.Context, src Source, opts ...Option) (*Report, error) {
	cfg := runConfig{batch: DefaultBatchSize}
	for _, o := range opts {
		o(&cfg)
	}
	if p.a == nil {
		return nil, ErrNoPlugin
	}
	if _, ok := p.a.IdentityKind(email.Kind); !ok {
		return nil, ErrNoPlugin
	}
	name := src.Name()
	if name == "" || len(name) > 64 {
		return nil, fmt.Errorf("authimport: a source's name has 1 to 64 bytes, not %q", name)
	}
	total := &Report{Source: name, DryRun: cfg.dry}
	seen := map[string]string{}
	for {
		recs, err := src.Next(ctx, cfg.batch)
		if len(recs) > 0 {
			total.Read += len(recs)
			if err := p.runBatch(ctx, name, p.screen(recs, seen, total), cfg.dry, total); err != nil {
				return total, err
			}
			if cfg.progress != nil {
				fmt.Fprintln(cfg.progress, total.Progress())
			}
		}
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, fmt.Errorf("authimport: read %s: %w", name, err)
		}
	}
}

// screen drops the records unfit to import, and the parts of records that
// repeat an earlier record's, reporting each.
func (p *Plugin) screen(recs []Record, seen map[string]string, r *Report) []Record {
	out := recs[:0:0]
	// claim keeps the first record of a key; a repeat by another record
	// is refused.
	claim := func(key, id string) string {
		if first, ok := seen[key]; ok && first != id {
			return first
		}
		seen[key] = id
		return ""
	}
	for _, rec := range recs {
		if bad := rec.check(); len(bad) > 0 {
			for _, b := range bad {
				r.problem(rec.ID, "record", b)
			}
			r.Users.Skipped++
			continue
		}
		if rec.Email != "" {
			v, err := p.a.Normalize(email.Kind, rec.Email)
			if err != nil {
				r.problem(rec.ID, "email", auth.AsError(err).Message)
				r.Users.Skipped++
				continue
			}
			if first := claim("email\x00"+v, rec.ID); first != "" {
				r.problem(rec.ID, "email", fmt.Sprintf("the address %s is record %s's too (they may differ only in case): not imported", v, first))
				r.Users.Skipped++
				continue
			}
		}
		var accounts []Account
		for _, a := range rec.Accounts {
			if first := claim("account\x00"+a.Provider+":"+a.Subject, rec.ID); first != "" {
				r.problem(rec.ID, "accounts", fmt.Sprintf("the %s account %s is record %s's too: not imported", a.Provider, a.Subject, first))
				r.Accounts.Skipped++
				continue
			}
			accounts = append(accounts, a)
		}
		rec.Accounts = accounts
		var sessions []Session
		for _, s := range rec.Sessions {
			h := sha256.Sum256([]byte(s.Token.Reveal()))
			if first := claim("session\x00"+string(h[:]), rec.ID+"\x00"+s.ID); first != "" {
				r.problem(rec.ID, "sessions", "session "+s.ID+" repeats another session's token: not imported")
				r.Sessions.Skipped++
				continue
			}
			sessions = append(sessions, s)
		}
		rec.Sessions = sessions
		out = append(out, rec)
	}
	return out
}

// runBatch imports recs in one transaction. When a record is refused
// half-way (an address a concurrent sign-up took), the transaction rolls
// back and each record is tried alone, so that the refused one is
// reported and the others are imported.
func (p *Plugin) runBatch(ctx context.Context, src string, recs []Record, dry bool, total *Report) error {
	if len(recs) == 0 {
		return nil
	}
	dryReport := &Report{}
	r, err := p.op.Run(ctx, batch{Source: src, Records: recs, DryRun: dry, dryReport: dryReport})
	if dry && errors.Is(err, errDryRun) {
		r, err = dryReport, nil
	}
	if err == nil {
		total.add(r)
		return nil
	}
	var ae *auth.Error
	if !errors.As(err, &ae) || errors.Is(err, auth.ErrInternal) || ctx.Err() != nil {
		return err
	}
	if len(recs) == 1 {
		total.problem(recs[0].ID, "record", ae.Message+": not imported")
		total.Users.Skipped++
		return nil
	}
	for i := range recs {
		if err := p.runBatch(ctx, src, recs[i:i+1], dry, total); err != nil {
			return err
		}
	}
	return nil
}
