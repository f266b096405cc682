package authimport

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// batch is the input of [OpBatch]: records of one source, checked
// already ([Record.check]).
type batch struct {
	Source  string
	Records []Record
	// DryRun makes the handler do everything, then fail with errDryRun so
	// that the transaction rolls back, leaving its report in dryReport.
	DryRun    bool
	dryReport *Report
}

// errDryRun rolls back the transaction of a dry run, which wrote what a
// run would, so that the password plugin and the database judge every
// record as in a run.
var errDryRun = auth.NewError("import_dry_run", http.StatusOK, "a dry run writes nothing")

// handleBatch imports each record in turn, in the operation's one
// transaction. What a record cannot have (an address that names someone
// else, a provider the oauth plugin lacks) is reported and skipped before
// anything of the record is written; a refusal after that (a concurrent
// sign-up took the address) fails the batch, which Import then retries
// one record at a time.
func (p *Plugin) handleBatch(ctx context.Context, c *auth.Call, in batch) (*Report, error) {
	r := &Report{Source: in.Source, DryRun: in.DryRun}
	im := importer{p: p, c: c, src: in.Source, r: r, pw: p.passwords()}
	for i := range in.Records {
		if err := im.record(ctx, &in.Records[i]); err != nil {
			return nil, err
		}
	}
	if in.DryRun {
		*in.dryReport = *r
		return nil, errDryRun
	}
	return r, nil
}

// importer imports the records of one batch.
type importer struct {
	p   *Plugin
	c   *auth.Call
	src string
	r   *Report
	pw  auth.PasswordImporter
}

func (im *importer) record(ctx context.Context, rec *Record) error {
	uid, err := im.mapped(ctx, kindUser, rec.ID)
	if err != nil {
		return err
	}
	if uid != "" {
		if err := im.c.LockUser(ctx, uid); errors.Is(err, auth.ErrUserNotFound) {
			im.r.problem(rec.ID, "id", "the user was deleted after an earlier import: not brought back")
			im.r.Users.Skipped++
			im.skipRest(rec, rec.Accounts)
			return nil
		} else if err != nil {
			return err
		}
		im.r.Users.Already++
		if closed, err := im.mapped(ctx, kindClosed, uid); err != nil {
			return err
		} else if closed != "" {
			return im.closed(ctx, rec)
		}
	}
	accounts, err := im.accounts(ctx, rec, uid)
	if err != nil {
		return err
	}
	if uid == "" {
		if ok, err := im.newUserFits(ctx, rec, accounts); err != nil || !ok {
			if err == nil {
				im.skipRest(rec, accounts)
			}
			return err
		}
		im.r.Users.Imported++
		if uid, err = im.createUser(ctx, rec); err != nil {
			return err
		}
	}
	for _, a := range accounts {
		if err := im.addAccount(ctx, uid, a); err != nil {
			return err
		}
	}
	if err := im.password(ctx, rec, uid); err != nil {
		return err
	}
	return im.sessions(ctx, rec, uid)
}

// skipRest counts the parts of a skipped user's record as skipped: the
// accounts not counted yet, the password, the live sessions.
func (im *importer) skipRest(rec *Record, accounts []Account) {
	im.r.Accounts.Skipped += len(accounts)
	if rec.Password != nil {
		im.r.Passwords.Skipped++
	}
	im.r.Sessions.Skipped += len(rec.Sessions)
}

// newUserFits reports whether a new user can be made of rec: its address
// names nobody here, and it has a way to sign in.
func (im *importer) newUserFits(ctx context.Context, rec *Record, accounts []Account) (bool, error) {
	if rec.Email != "" {
		_, err := im.c.WhoIs(ctx, email.Kind, rec.Email)
		if err == nil {
			im.r.problem(rec.ID, "email", "the address names an existing user")
			im.r.Users.Skipped++
			return false, nil
		}
		if !errors.Is(err, auth.ErrIdentityNotFound) {
			return false, err
		}
		return true, nil
	}
	if len(accounts) == 0 {
		im.r.problem(rec.ID, "accounts", "no address and no account that can be imported: no way to sign in")
		im.r.Users.Skipped++
		return false, nil
	}
	return true, nil
}

// createUser makes the person, with their address (verified as the other
// system knew it), and lists them as imported.
func (im *importer) createUser(ctx context.Context, rec *Record) (string, error) {
	u, err := im.c.CreateUser(ctx, rec.Name, rec.Image)
	if err != nil {
		return "", err
	}
	if !rec.CreatedAt.IsZero() {
		created := rec.CreatedAt.UTC().Truncate(time.Microsecond)
		if _, err := im.c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(auth.UserCreatedAt.Set(created)).
			Where(auth.UserID.Eq(u.ID))); err != nil {
			return "", err
		}
	}
	if rec.Email != "" {
		if _, err := im.c.AddIdentity(ctx, u.ID, email.Kind, rec.Email, rec.EmailVerified); err != nil {
			return "", err
		}
	}
	return u.ID, im.mark(ctx, kindUser, rec.ID, u.ID)
}

// accounts returns the record's accounts still to import: those of a
// provider the oauth plugin has, whose subject names nobody else.
func (im *importer) accounts(ctx context.Context, rec *Record, uid string) ([]Account, error) {
	var out []Account
	for _, a := range rec.Accounts {
		key := a.Provider + ":" + a.Subject
		if done, err := im.mapped(ctx, kindAccount, key); err != nil {
			return nil, err
		} else if done != "" {
			im.r.Accounts.Already++
			continue
		}
		kind := "oauth:" + a.Provider
		if _, ok := im.p.a.IdentityKind(kind); !ok {
			im.r.problem(rec.ID, "accounts", "the oauth plugin has no provider "+quote(a.Provider)+": account not imported")
			im.r.Accounts.Skipped++
			continue
		}
		id, err := im.c.WhoIs(ctx, kind, a.Subject)
		if err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
			if errors.Is(err, auth.ErrInvalidInput) {
				im.r.problem(rec.ID, "accounts", auth.AsError(err).Message)
				im.r.Accounts.Skipped++
				continue
			}
			return nil, err
		}
		if err == nil && (uid == "" || id.UserID != uid) {
			im.r.problem(rec.ID, "accounts", "the "+a.Provider+" account names an existing user: not imported")
			im.r.Accounts.Skipped++
			continue
		}
		out = append(out, a)
	}
	return out, nil
}

func (im *importer) addAccount(ctx context.Context, uid string, a Account) error {
	im.r.Accounts.Imported++
	if _, err := im.c.AddIdentity(ctx, uid, "oauth:"+a.Provider, a.Subject, true); err != nil {
		return err
	}
	return im.mark(ctx, kindAccount, a.Provider+":"+a.Subject, uid)
}

// password hands the record's hash to the password plugin.
func (im *importer) password(ctx context.Context, rec *Record, uid string) error {
	if rec.Password == nil {
		return nil
	}
	if done, err := im.mapped(ctx, kindPassword, rec.ID); err != nil || done != "" {
		if done != "" {
			im.r.Passwords.Already++
		}
		return err
	}
	switch {
	case im.pw == nil:
		im.r.problem(rec.ID, "password", "no plugin imports password hashes (auth.PasswordImporter): password not imported")
		im.r.Passwords.Skipped++
		return nil
	case !slices.Contains(im.pw.PasswordSchemes(), rec.Password.Scheme):
		im.r.problem(rec.ID, "password", "the password plugin does not read the scheme "+quote(rec.Password.Scheme)+": password not imported")
		im.r.Passwords.Skipped++
		return nil
	}
	im.r.Passwords.Imported++
	if err := im.pw.ImportPasswordHash(ctx, im.c, uid, rec.Password.Scheme, rec.Password.Hash.Reveal()); err != nil {
		// A refusal of the hash is the record's problem; anything else
		// (the database) is the run's.
		var ae *auth.Error
		if errors.As(err, &ae) && !errors.Is(err, auth.ErrInternal) {
			return ErrRejected.With("password: " + ae.Message)
		}
		return err
	}
	return im.mark(ctx, kindPassword, rec.ID, uid)
}

// sessions imports the record's live sessions.
func (im *importer) sessions(ctx context.Context, rec *Record, uid string) error {
	now := im.c.Now()
	for _, s := range rec.Sessions {
		if done, err := im.mapped(ctx, kindSession, s.ID); err != nil {
			return err
		} else if done != "" {
			im.r.Sessions.Already++
			continue
		}
		if !s.ExpiresAt.After(now) {
			im.r.Sessions.Skipped++ // expired: nothing to keep
			continue
		}
		im.r.Sessions.Imported++
		if _, err := im.c.ImportSession(ctx, auth.ImportedSession{UserID: uid, System: im.src, Token: s.Token,
			Credential: "import:" + im.src, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt, IP: s.IP,
			UserAgent: s.UserAgent}); err != nil {
			return err
		}
		if err := im.mark(ctx, kindSession, s.ID, uid); err != nil {
			return err
		}
	}
	return nil
}

// mapped returns the user a thing of the source was imported to, or "".
func (im *importer) mapped(ctx context.Context, kind, id string) (string, error) {
	var uid string
	err := im.c.DB().One(ctx, sqlb.Select(ImportedUserID.Into(&uid)).From(Imported).Where(sqlb.And(
		ImportedSource.Eq(im.src), ImportedKind.Eq(kind), ImportedSourceID.Eq(id))))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return uid, err
}

// mark lists a thing of the source as imported to a user.
func (im *importer) mark(ctx context.Context, kind, id, uid string) error {
	_, err := im.c.DB().Exec(ctx, sqlb.Insert(Imported).Row(ImportedSource.Set(im.src), ImportedKind.Set(kind),
		ImportedSourceID.Set(id), ImportedUserID.Set(uid), ImportedAt.Set(im.c.Now())))
	return err
}

func quote(s string) string { return `"` + s + `"` }
