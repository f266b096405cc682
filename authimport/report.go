package authimport

import (
	"fmt"
	"io"
)

// Report is what an import did, or in a dry run would do.
type Report struct {
	// Source is the source's name, DryRun whether nothing was written.
	Source string
	DryRun bool
	// Read counts the records read from the source.
	Read int
	// Users, Passwords, Accounts and Sessions count each kind of thing.
	Users, Passwords, Accounts, Sessions Count
	// Problems are the records, or parts of them, not imported, and why.
	Problems []Problem
}

// Count counts one kind of thing of an import.
type Count struct {
	// Imported were imported (in a dry run: would be).
	Imported int
	// Already were imported by an earlier run.
	Already int
	// Skipped were not imported: a problem says why, except for expired
	// sessions, which are skipped silently.
	Skipped int
}

// Problem is a record, or part of one, that was not imported.
type Problem struct {
	// ID is the record's ID in the source; Field names the part at fault.
	ID, Field string
	// Message says what is wrong.
	Message string
}

func (p Problem) String() string { return fmt.Sprintf("%s: %s: %s", p.ID, p.Field, p.Message) }

func (r *Report) problem(id, field, message string) {
	r.Problems = append(r.Problems, Problem{ID: id, Field: field, Message: message})
}

// add adds another report's counts and problems to r.
func (r *Report) add(o *Report) {
	for _, c := range []struct{ to, from *Count }{{&r.Users, &o.Users}, {&r.Passwords, &o.Passwords},
		{&r.Accounts, &o.Accounts}, {&r.Sessions, &o.Sessions}} {
		c.to.Imported += c.from.Imported
		c.to.Already += c.from.Already
		c.to.Skipped += c.from.Skipped
	}
	r.Problems = append(r.Problems, o.Problems...)
}

// Progress is the one-line summary printed after each batch.
func (r *Report) Progress() string {
	verb := "imported"
	if r.DryRun {
		verb = "to import"
	}
	return fmt.Sprintf("import %s: %d read, users %d %s %d already %d skipped, %d problems",
		r.Source, r.Read, r.Users.Imported, verb, r.Users.Already, r.Users.Skipped, len(r.Problems))
}

// WriteTo writes the report: the counts of each kind, then every problem.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	verb := "imported"
	if r.DryRun {
		fmt.Fprintf(cw, "dry run of the import from %s: nothing was written\n", r.Source)
		verb = "to import"
	}
	fmt.Fprintf(cw, "records read: %d\n", r.Read)
	for _, k := range []struct {
		name string
		c    Count
	}{{"users", r.Users}, {"passwords", r.Passwords}, {"accounts", r.Accounts}, {"sessions", r.Sessions}} {
		fmt.Fprintf(cw, "%-10s %d %s, %d already, %d skipped\n", k.name+":", k.c.Imported, verb, k.c.Already, k.c.Skipped)
	}
	fmt.Fprintf(cw, "problems: %d\n", len(r.Problems))
	for _, p := range r.Problems {
		fmt.Fprintf(cw, "  %s\n", p)
	}
	return cw.n, cw.err
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	c.n, c.err = c.n+int64(n), err
	return n, err
}
