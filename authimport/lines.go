package authimport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Line is one person in the generic formats, a JSON object per line
// ([JSONLines]) or a CSV row ([CSV]), whose columns are these fields'
// JSON names: id (required), email, email_verified, name, image,
// created_at (RFC 3339, or "2006-01-02 15:04:05" in UTC),
// password_scheme and password_hash (a scheme the password plugin reads:
// "bcrypt" ...), oauth_provider and oauth_subject (an account at a
// provider of the oauth plugin). A JSON line may list several accounts
// in oauth, [{"provider": ..., "subject": ...}]; in CSV, a second row
// with the same id adds another account to the person the first made.
type Line struct {
	ID             string       `json:"id"`
	Email          string       `json:"email"`
	EmailVerified  bool         `json:"email_verified"`
	Name           string       `json:"name"`
	Image          string       `json:"image"`
	CreatedAt      string       `json:"created_at"`
	PasswordScheme string       `json:"password_scheme"`
	PasswordHash   auth.Secret  `json:"password_hash"`
	OAuthProvider  string       `json:"oauth_provider"`
	OAuthSubject   string       `json:"oauth_subject"`
	OAuth          []OAuthEntry `json:"oauth"`
}

// OAuthEntry is an account of a [Line] at an OAuth provider.
type OAuthEntry struct {
	Provider string `json:"provider"`
	Subject  string `json:"subject"`
}

// record turns a line into a record, or one that says why it cannot.
func (l *Line) record(where string) Record {
	r := Record{ID: l.ID, Name: l.Name, Image: l.Image, Email: l.Email, EmailVerified: l.EmailVerified}
	if r.ID == "" {
		r.ID = where
		r.unreadable = "id is missing"
		return r
	}
	if l.CreatedAt != "" {
		t, err := parseTime(l.CreatedAt)
		if err != nil {
			r.unreadable = "created_at: " + err.Error()
			return r
		}
		r.CreatedAt = t
	}
	if l.PasswordScheme != "" || !l.PasswordHash.IsZero() {
		r.Password = &Password{Scheme: l.PasswordScheme, Hash: l.PasswordHash}
	}
	if l.OAuthProvider != "" || l.OAuthSubject != "" {
		r.Accounts = append(r.Accounts, Account{Provider: l.OAuthProvider, Subject: l.OAuthSubject})
	}
	for _, o := range l.OAuth {
		r.Accounts = append(r.Accounts, Account(o))
	}
	return r
}

// maxLine is the longest line the generic sources read.
const maxLine = 1 << 20

// JSONLines returns a source reading one JSON object ([Line]) per line of
// r, under a name that keys the import (see [Source]). Blank lines are
// skipped; a line that is not such an object, or longer than 1 MiB, is
// reported as a problem of "line N".
func JSONLines(name string, r io.Reader) Source {
	return &jsonLines{name: name, r: bufio.NewReaderSize(r, 64<<10)}
}

type jsonLines struct {
	name string
	r    *bufio.Reader
	n    int
	eof  bool
}

func (j *jsonLines) Name() string { return j.name }

func (j *jsonLines) Next(ctx context.Context, n int) ([]Record, error) {
	var out []Record
	for len(out) < n && !j.eof {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		line, long, err := j.line()
		if errors.Is(err, io.EOF) {
			j.eof = true
		} else if err != nil {
			return out, err
		}
		j.n++
		where := "line " + strconv.Itoa(j.n)
		if long {
			out = append(out, Record{ID: where, unreadable: "the line is longer than 1 MiB"})
			continue
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l Line
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			out = append(out, Record{ID: where, unreadable: "not a JSON object of the import's fields: " + err.Error()})
			continue
		}
		if dec.More() {
			out = append(out, Record{ID: where, unreadable: "more than one JSON value on the line"})
			continue
		}
		out = append(out, l.record(where))
	}
	if j.eof {
		return out, io.EOF
	}
	return out, nil
}

// line reads one line, reporting one longer than maxLine (and skipping
// the rest of it).
func (j *jsonLines) line() (line []byte, long bool, err error) {
	for {
		part, err := j.r.ReadSlice('\n')
		if !long {
			if len(line)+len(part) > maxLine {
				long, line = true, nil
			} else {
				line = append(line, part...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, long, err
	}
}

// CSV returns a source reading r as CSV with a header row, whose columns
// are those of [Line] (id required, in any order), under a name that
// keys the import (see [Source]). An unknown column is an error before
// anything is read; a malformed row is reported as a problem of "row N".
func CSV(name string, r io.Reader) Source {
	c := csv.NewReader(r)
	c.ReuseRecord = true
	return &csvSource{name: name, r: c}
}

type csvSource struct {
	name string
	r    *csv.Reader
	cols []string
	row  int
	eof  bool
}

var csvColumns = []string{"id", "email", "email_verified", "name", "image", "created_at", "password_scheme",
	"password_hash", "oauth_provider", "oauth_subject"}

func (c *csvSource) Name() string { return c.name }

func (c *csvSource) header() error {
	head, err := c.r.Read()
	if errors.Is(err, io.EOF) {
		c.eof = true
		return io.EOF // an empty file: nothing to import
	}
	if err != nil {
		return fmt.Errorf("the header row: %w", err)
	}
	c.cols = append([]string(nil), head...)
	hasID := false
	for _, col := range c.cols {
		col = strings.TrimSpace(col)
		known := false
		for _, k := range csvColumns {
			known = known || k == col
		}
		if !known {
			return fmt.Errorf("unknown column %q: the columns are %s", col, strings.Join(csvColumns, ", "))
		}
		hasID = hasID || col == "id"
	}
	if !hasID {
		return errors.New("no id column")
	}
	return nil
}

func (c *csvSource) Next(ctx context.Context, n int) ([]Record, error) {
	if c.eof {
		return nil, io.EOF
	}
	if c.cols == nil {
		if err := c.header(); err != nil {
			return nil, err
		}
	}
	var out []Record
	for len(out) < n && !c.eof {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		fields, err := c.r.Read()
		if errors.Is(err, io.EOF) {
			c.eof = true
			break
		}
		c.row++
		where := "row " + strconv.Itoa(c.row)
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			out = append(out, Record{ID: where, unreadable: "malformed CSV: " + pe.Err.Error()})
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, c.record(fields, where))
	}
	if c.eof {
		return out, io.EOF
	}
	return out, nil
}

func (c *csvSource) record(fields []string, where string) Record {
	var l Line
	for i, col := range c.cols {
		v := fields[i]
		switch strings.TrimSpace(col) {
		case "id":
			l.ID = v
		case "email":
			l.Email = v
		case "email_verified":
			if v != "" {
				b, err := strconv.ParseBool(v)
				if err != nil {
					return Record{ID: where, unreadable: "email_verified is not true or false"}
				}
				l.EmailVerified = b
			}
		case "name":
			l.Name = v
		case "image":
			l.Image = v
		case "created_at":
			l.CreatedAt = v
		case "password_scheme":
			l.PasswordScheme = v
		case "password_hash":
			l.PasswordHash = auth.NewSecret(v)
		case "oauth_provider":
			l.OAuthProvider = v
		case "oauth_subject":
			l.OAuthSubject = v
		}
	}
	return l.record(where)
}
