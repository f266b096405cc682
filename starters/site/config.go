package site

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/password/breach"
)

// DefaultAddr is the address the app listens on unless told otherwise.
const DefaultAddr = "localhost:8080"

// DatabaseFile returns the SQLite file [ParseConfig] gives the app named
// name when no database is configured: data/<name>.db, such as
// data/gin.db, so that two apps run from one directory keep their own
// accounts, sessions and rate counters. A name that is no plain file name
// gets [DefaultDatabase].
func DatabaseFile(name string) string {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `\:`) {
		return DefaultDatabase
	}
	return "data/" + name + ".db"
}

// Config is the app's configuration. [ParseConfig] reads it from flags
// and the environment; the zero value of every field but Addr means "the
// development default".
type Config struct {
	// Addr is the address to listen on, host:port.
	Addr string
	// BaseURL is the URL people reach the app at, such as
	// "https://courses.example.edu". Empty: [Config.Listen] derives it
	// from Addr ("http://localhost:8080" for the default Addr).
	BaseURL string
	// Database names the database: a path to a SQLite file, a postgres://
	// URL, a mysql://user:pass@host:3306/db URL or go-sql-driver/mysql's own
	// DSN, user:pass@tcp(host:3306)/db?parseTime=true. [ParseConfig]
	// defaults it to [DatabaseFile] of the app's name; empty, [New] opens
	// [DefaultDatabase].
	Database string
	// LookupURL is the base URL of a Classmere API. Empty: the sample
	// catalog embedded in package lookup, served in process.
	LookupURL string
	// SchoolURL, SchoolToken and SchoolID name a SmartClass
	// school-management interface. An empty SchoolURL serves schooldemo
	// in process, with its demo token and school; the token and the id
	// then must be left empty.
	SchoolURL   string
	SchoolToken auth.Secret
	SchoolID    int
	// BreachURL is the base URL of the Pwned Passwords range API that
	// new passwords are checked against. Empty: [breach.DefaultBaseURL];
	// "off" turns the check off. When the service cannot be reached,
	// sign-ups go on and a warning is logged. The most common passwords
	// are refused either way, from a list in the password plugin.
	BreachURL string
	// GitHubClientID and GitHubClientSecret, when set, add "Sign in with
	// GitHub" (an OAuth app whose callback URL is
	// {BaseURL}/auth/oauth/github/callback).
	GitHubClientID     string
	GitHubClientSecret auth.Secret
	// MakeAdmin, when set, makes [Run] a command instead of a server: it
	// gives the administrator role to the person who holds this verified
	// email address, and exits. Flag -make-admin; no environment variable.
	MakeAdmin string
}

// BreachOff is the value of -breach-url that turns the breach check off.
const BreachOff = "off"

// The environment variables ParseConfig reads; a flag overrides its
// variable.
const (
	EnvAddr         = "ADDR"
	EnvBaseURL      = "BASE_URL"
	EnvDatabase     = "DATABASE_URL"
	EnvLookupURL    = "LOOKUP_URL"
	EnvSchoolURL    = "SCHOOL_URL"
	EnvSchoolToken  = "SCHOOL_TOKEN"
	EnvSchoolID     = "SCHOOL_ID"
	EnvBreachURL    = "BREACH_URL"
	EnvGitHubID     = "GITHUB_CLIENT_ID"
	EnvGitHubSecret = "GITHUB_CLIENT_SECRET"
)

// ParseConfig reads the configuration from the command's arguments (without
// the program name) and the environment, getenv being os.Getenv outside
// tests: a flag given wins over its variable. Usage and errors go to
// output; -h answers [flag.ErrHelp]. The usage never shows the
// environment's values, which may hold passwords and tokens.
func ParseConfig(name string, args []string, getenv func(string) string, output io.Writer) (Config, error) {
	var c Config
	var schoolToken, schoolID, githubSecret string
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(output)
	vars := []struct {
		dst                 *string
		flag, env, def, use string
	}{
		{&c.Addr, "addr", EnvAddr, DefaultAddr, "`address` to listen on, host:port"},
		{&c.BaseURL, "base-url", EnvBaseURL, "", "`URL` people reach the app at (default http:// and -addr: http://localhost:8080)"},
		{&c.Database, "db", EnvDatabase, DatabaseFile(name), "`database`: a SQLite file, a postgres://... URL, a mysql://user:pass@host:3306/db URL or a user:pass@tcp(host:3306)/db DSN"},
		{&c.LookupURL, "lookup-url", EnvLookupURL, "", "base `URL` of a Classmere API (default: the embedded sample catalog, served in process)"},
		{&c.SchoolURL, "school-url", EnvSchoolURL, "", "base `URL` of a SmartClass interface (default: the demo school of package schooldemo, served in process)"},
		{&schoolToken, "school-token", EnvSchoolToken, "", "SmartClass API `token`, with -school-url"},
		{&schoolID, "school-id", EnvSchoolID, "", "SmartClass school `id`, 0 for headquarters, with -school-url"},
		{&c.BreachURL, "breach-url", EnvBreachURL, "", "base `URL` of the Pwned Passwords range API new passwords are checked against, or off (default " + breach.DefaultBaseURL + ")"},
		{&c.GitHubClientID, "github-client-id", EnvGitHubID, "", "GitHub OAuth app `id`: adds sign-in with GitHub"},
		{&githubSecret, "github-client-secret", EnvGitHubSecret, "", "GitHub OAuth app `secret`, with -github-client-id"},
	}
	for _, v := range vars {
		fs.StringVar(v.dst, v.flag, v.def, v.use+" ("+v.env+")")
	}
	fs.StringVar(&c.MakeAdmin, "make-admin", "", "give the administrator role to the person with this verified `email` address, then exit")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("%s: unexpected arguments %q", name, fs.Args())
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, v := range vars {
		if e := getenv(v.env); !given[v.flag] && e != "" {
			*v.dst = e
		}
	}
	c.SchoolToken = auth.NewSecret(schoolToken)
	c.GitHubClientSecret = auth.NewSecret(githubSecret)
	var errs []error
	if schoolID != "" {
		id, err := strconv.Atoi(schoolID)
		if err != nil || id < 0 {
			errs = append(errs, fmt.Errorf("-school-id %q: want 0 or a positive number", schoolID))
		}
		c.SchoolID = id
	}
	switch {
	case c.SchoolURL == "" && (schoolToken != "" || schoolID != ""):
		errs = append(errs, errors.New("-school-token and -school-id go with -school-url; leave all three empty for the demo school"))
	case c.SchoolURL != "" && schoolToken == "":
		errs = append(errs, errors.New("-school-url needs -school-token (or "+EnvSchoolToken+")"))
	}
	if (c.GitHubClientID == "") != (githubSecret == "") {
		errs = append(errs, errors.New("-github-client-id and -github-client-secret go together"))
	}
	if u, err := url.Parse(c.BreachURL); c.BreachURL != "" && !strings.EqualFold(c.BreachURL, BreachOff) && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		errs = append(errs, fmt.Errorf("-breach-url %q: want an http or https URL, or %s", c.BreachURL, BreachOff))
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("-addr %q: want host:port", c.Addr))
	}
	return c, errors.Join(errs...)
}

// Listen listens on c.Addr. When c.BaseURL is empty it sets it from the
// address: "http://" and c.Addr, with the port the system chose when
// c.Addr asks for port 0, and "localhost" when it names no host.
func (c *Config) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return nil, err
	}
	if c.BaseURL == "" {
		host, _, _ := net.SplitHostPort(c.Addr)
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		if host == "" || host == "0.0.0.0" || host == "::" {
			host = "localhost"
		}
		c.BaseURL = "http://" + net.JoinHostPort(host, port)
	}
	c.BaseURL = strings.TrimSuffix(c.BaseURL, "/")
	return ln, nil
}

// Announce prints where the app listens and the URL to open, the line
// tests wait for: "listening on 127.0.0.1:8080, open http://localhost:8080",
// and that forms work only there.
func Announce(w io.Writer, ln net.Listener, baseURL string) {
	fmt.Fprintf(w, "listening on %s, open %s\n", ln.Addr(), baseURL)
	fmt.Fprintf(w, "forms work only on pages opened at %s (the base URL: set -base-url to open the app at another address)\n", baseURL)
}
