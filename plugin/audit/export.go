package audit

import (
	"context"
	"encoding/json"
	"io"
)

// Sink receives records once they are written for good: after the commit
// of the operation that wrote them, or after their own write. Write runs
// in the caller's request, after its operation: keep it quick (hand the
// records to a queue). Its error is logged; the records stay in the table
// for [Plugin.Export] to send again.
type Sink interface {
	Write(ctx context.Context, records []Record) error
}

// SinkFunc makes a function a [Sink].
type SinkFunc func(ctx context.Context, records []Record) error

// Write implements [Sink].
func (f SinkFunc) Write(ctx context.Context, records []Record) error { return f(ctx, records) }

// Export writes the records f chooses to w as JSON lines (one [Record] per
// line), newest first, reading them a page of f.Limit at a time from
// f.Cursor on; it returns how many it wrote. A failure of the database or
// of w stops it and is returned; resume from the cursor of the last page
// read, with the records' IDs to drop the ones already sent.
func (p *Plugin) Export(ctx context.Context, w io.Writer, f Filter) (int, error) {
	enc := json.NewEncoder(w)
	n := 0
	for {
		page, err := p.Query(ctx, f)
		if err != nil {
			return n, err
		}
		for _, r := range page.Records {
			if err := enc.Encode(r); err != nil {
				return n, err
			}
			n++
		}
		if page.NextCursor == "" {
			return n, nil
		}
		f.Cursor = page.NextCursor
	}
}
