package school

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// bearerPrefix is what the service cuts from the Authorization value before
// it reads the token: exactly 7 characters, unconditionally (SmartClass API
// §2.4), so the prefix must be there once and exactly once.
const bearerPrefix = "Bearer "

// Client calls the SmartClass interface of one school. Create it with [New];
// it is safe for concurrent use.
//
// A Client prints, logs and marshals to JSON with its token shown as
// "[redacted]", whatever the verb or the handler.
type Client struct {
	endpoint    *url.URL // {base}/public/{version}, no query, no user info
	schoolID    int
	keys        func() keys // see keys
	httpClient  *http.Client
	timeout     time.Duration
	maxBodySize int64
}

// keys holds the client's secret material. A Client keeps it behind a
// function: fmt prints a struct held in an unexported field by reflection,
// bypassing its methods, down to what pointers point to, but it cannot look
// into a closure.
type keys struct {
	token         string // as the service sees it, without the prefix
	authorization string // bearerPrefix + token
}

// New returns a client for the school-management interface at baseURL,
// such as "https://demo.smartclass.tech" or a school's own host; no host is
// built in (SmartClass API §2.2 lists several, and typos of them, in its
// own samples). baseURL must be an absolute http or https URL without user
// information, query or fragment, and without the "/public/v1" part, which
// the client adds.
//
// token is the API token, with or without its "Bearer " prefix: the client
// sends "Bearer <token>" either way. schoolID is sent as the schoolId
// header; 0 means headquarters, which needs a headquarters token.
//
// New reports every invalid argument and option at once, in an error that
// never contains the token.
func New(baseURL, token string, schoolID int, opts ...Option) (*Client, error) {
	var errs []error
	cfg, err := newConfig(opts)
	if err != nil {
		errs = append(errs, err)
	}
	base, err := parseBaseURL(baseURL)
	if err != nil {
		errs = append(errs, err)
	}
	token, err = parseToken(token)
	if err != nil {
		errs = append(errs, err)
	}
	if schoolID < 0 {
		errs = append(errs, fmt.Errorf("school: school id %d: want 0 (headquarters) or more", schoolID))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	k := keys{token: token, authorization: bearerPrefix + token}
	return &Client{
		endpoint:    base.JoinPath("public", cfg.version),
		schoolID:    schoolID,
		keys:        func() keys { return k },
		httpClient:  sameHostOnly(cfg.httpClient),
		timeout:     cfg.timeout,
		maxBodySize: cfg.maxBodySize,
	}, nil
}

// parseBaseURL checks baseURL and returns it without a trailing slash. Its
// errors show the URL without user information, query or fragment.
func parseBaseURL(baseURL string) (*url.URL, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("school: base URL: %w", err)
	}
	shown := (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("school: base URL %q: want an http or https URL", shown)
	case u.Hostname() == "" || u.Opaque != "":
		return nil, fmt.Errorf("school: base URL %q: want a host", shown)
	case u.User != nil:
		return nil, fmt.Errorf("school: base URL %q: user information is not allowed; pass the token to New", shown)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return nil, fmt.Errorf("school: base URL %q: query and fragment are not allowed", shown)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	if u.Path == "/public" || strings.HasSuffix(u.Path, "/public") || strings.Contains(u.Path, "/public/") {
		return nil, fmt.Errorf("school: base URL %q: leave out /public/{version}, the client adds it", shown)
	}
	return u, nil
}

// parseToken returns token without surrounding space and without a
// "Bearer " prefix in any letter case.
func parseToken(token string) (string, error) {
	token = strings.TrimSpace(token)
	if scheme, rest, _ := strings.Cut(token, " "); strings.EqualFold(scheme, "Bearer") {
		token = strings.TrimSpace(rest)
	}
	if token == "" {
		return "", errors.New("school: empty token")
	}
	for i := range len(token) {
		if c := token[i]; c <= ' ' || c >= 0x7f {
			return "", fmt.Errorf("school: token: byte %d is a space, a control or a non-ASCII character", i)
		}
	}
	return token, nil
}

// String describes the client with its token redacted.
//
// The formatting methods have value receivers so that a Client value, not
// only a pointer, never prints its token.
func (c Client) String() string {
	return fmt.Sprintf("school.Client{Endpoint: %q, SchoolID: %d, Token: %q}", c.endpointString(), c.schoolID, redacted)
}

// GoString returns String, for the %#v verb.
func (c Client) GoString() string {
	return c.String()
}

// Format implements fmt.Formatter so that every verb, %d and %x included,
// prints the redacted description.
func (c Client) Format(f fmt.State, verb rune) {
	formatRedacted(f, verb, c.String())
}

// MarshalJSON encodes the endpoint and the school id, with the token
// redacted.
func (c Client) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Endpoint string `json:"endpoint"`
		SchoolID int    `json:"schoolId"`
		Token    string `json:"token"`
	}{c.endpointString(), c.schoolID, redacted})
}

// LogValue implements slog.LogValuer with the token redacted.
func (c Client) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("endpoint", c.endpointString()),
		slog.Int("schoolId", c.schoolID),
		slog.String("token", redacted),
	)
}

func (c Client) endpointString() string {
	if c.endpoint == nil {
		return ""
	}
	return c.endpoint.String()
}

// formatRedacted writes an already redacted description for any verb and
// flag: quoted for %q, as is otherwise.
func formatRedacted(f fmt.State, verb rune, str string) {
	if verb == 'q' {
		str = strconv.Quote(str)
	}
	io.WriteString(f, str)
}
