package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/lookup"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/breach"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// AuthPrefix is the path the JSON auth routes are served under.
const AuthPrefix = "/auth"

// App is the app: its database, its Sesame instance with the email,
// password, two-factor, passkey, magic-link, email-code, admin, school,
// access and organization plugins, the course catalog, and its pages.
// Make one with [New], serve [App.Routes] and the auth routes, and
// [App.Close] it at the end.
type App struct {
	auth       *auth.Auth
	mail       *email.Plugin
	password   *password.Plugin
	twoFactor  *twofactor.Plugin
	passkey    *passkey.Plugin // nil when the base URL cannot have passkeys: see passkeysAt
	magicLink  *magiclink.Plugin
	emailCode  *emailchallenge.Plugin
	admin      *admin.Plugin
	orgs       *organization.Plugin // on access: the organizations page
	school     *School
	github     bool // sign-in with GitHub is configured
	courses    *lookup.Client
	demoSchool bool // the school is schooldemo's, in process: show its account
	db         *database
	log        *slog.Logger
	pages      pages
	baseURL    string            // where people open the app, without a trailing slash
	forms      map[string]string // the page of each POST-only path: see formPages
	stops      []func(context.Context) error
}

// New opens the database and applies the migrations, starts the
// in-process services the configuration does not replace, and builds the
// Sesame instance. cfg.BaseURL must be set ([Config.Listen] sets it).
// Logs and the development mailer's messages, with their links and codes,
// go to out.
func New(ctx context.Context, cfg Config, out io.Writer, opts ...Option) (_ *App, err error) {
	if cfg.BaseURL == "" {
		return nil, errors.New("site: the configuration has no base URL: call Config.Listen first")
	}
	app := &App{log: slog.New(slog.NewTextHandler(out, nil)), pages: parsePages(), baseURL: strings.TrimSuffix(cfg.BaseURL, "/")}
	defer func() {
		if err != nil {
			err = errors.Join(err, app.Close())
		}
	}()
	if app.db, err = openDatabase(ctx, cfg.Database); err != nil {
		return nil, err
	}
	courses, coursesAt, err := app.newCourses(cfg)
	if err != nil {
		return nil, fmt.Errorf("site: course catalog: %w", err)
	}
	schoolClient, schoolID, schoolAt, err := app.newSchool(cfg)
	if err != nil {
		return nil, fmt.Errorf("site: school: %w", err)
	}
	app.courses, app.school = courses, NewSchool(schoolClient, schoolID)
	app.mail = email.New(email.WithSender(&email.LogSender{Writer: out}), email.WithAppName("Sesame starter"))
	pwOpts, breachAt := passwordChecks(cfg)
	app.password = password.New(pwOpts...)
	// Authenticator keys are stored as they are here; in production, seal
	// them with twofactor.WithSecretKeys and a key from a secret store.
	app.twoFactor = twofactor.New(twofactor.WithIssuer("Sesame starter"))
	app.magicLink, app.emailCode, app.admin = magiclink.New(), emailchallenge.New(), admin.New()
	// Organizations' roles are access grants; the invitation mail links
	// to the organizations page's accept page.
	acc := access.New(organization.Resources(), access.WithRoles(organization.DefaultRoles()...))
	app.orgs = organization.New(acc, organization.WithAcceptPath(AcceptInvitationPath))
	plugins := []auth.Plugin{app.mail, app.password, app.twoFactor, app.magicLink, app.emailCode, app.admin, app.school,
		acc, app.orgs}
	passkeysAt := passkeysOff(app.baseURL)
	if passkeysAt == "" {
		app.passkey = passkey.New(passkey.WithRPName("Sesame starter"))
		plugins = append(plugins, app.passkey)
		passkeysAt = "on, for pages opened at " + app.baseURL
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if p := oauthPlugin(cfg, o); p != nil {
		plugins, app.github = append(plugins, p), true
	}
	app.auth, err = auth.New(append([]auth.Option{
		auth.WithDB(app.db.db, app.db.dialect),
		auth.WithBaseURL(cfg.BaseURL + AuthPrefix),
		auth.WithPlugins(plugins...),
		auth.WithLogger(app.log),
	}, o.auth...)...)
	if err != nil {
		return nil, err
	}
	app.forms = formPages(app.Routes())
	if err := app.auth.Migrate(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "database: %s\ncourses: %s\nschool: %s\nmail: printed here (development mailer)\npasswords: %s\npasskeys: %s\n",
		app.db.where, coursesAt, schoolAt, breachAt, passkeysAt)
	return app, nil
}

// passwordChecks returns the checks of new passwords the configuration
// asks for, and describes them: the most common passwords are refused
// always, offline; breached ones when the breach service answers (it
// fails open: when it cannot be reached, the password plugin logs a
// warning and accepts the password, so that sign-ups go on).
func passwordChecks(cfg Config) ([]password.Option, string) {
	opts := []password.Option{password.WithCommonPasswordCheck()}
	if strings.EqualFold(cfg.BreachURL, BreachOff) {
		return opts, "the most common refused; the breach check is off"
	}
	base := cfg.BreachURL
	if base == "" {
		base = breach.DefaultBaseURL
	}
	opts = append(opts, password.WithBreachCheck(breach.New(breach.WithBaseURL(base), breach.WithUserAgent("sesame-starter/1"))))
	return opts, "the most common refused; breached ones refused, checked at " + base +
		" (when it cannot be reached, sign-ups go on and a warning is logged; -breach-url off turns it off)"
}

// Auth returns the Sesame instance, to mount its routes and middleware.
func (app *App) Auth() *auth.Auth { return app.auth }

// Close stops the in-process services and closes the database.
func (app *App) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var errs []error
	for _, stop := range app.stops {
		errs = append(errs, stop(ctx))
	}
	app.stops = nil
	if app.db != nil {
		errs = append(errs, app.db.db.Close())
		app.db = nil
	}
	return errors.Join(errs...)
}
