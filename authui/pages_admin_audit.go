package authui

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/audit"
)

// The audit log's page, with the audit plugin: its records filtered by
// user, type and days, newest first, a page at a time. The plugin's
// query asks no one whether the caller may read the log, so the page
// asks the admin plugin first: only a caller it lets view users reads it.

// adminAuditPath is the audit log's page.
const adminAuditPath = "/admin/audit"

// auditPage is how many records a page of the log shows.
const auditPage = 50

// adminAuditData is the log's page: its records and the link to the next
// page ("" after the last).
type adminAuditData struct {
	Records []auditRow
	Next    string
}

// auditRow is a record as the pages show it.
type auditRow struct {
	Time                          time.Time
	Type, UserID, ActorID, Detail string
	IP                            string
}

// auditRows returns the records as the pages show them.
func auditRows(recs []audit.Record) []auditRow {
	out := make([]auditRow, 0, len(recs))
	for _, rec := range recs {
		var d struct {
			Detail string `json:"detail"`
		}
		_ = json.Unmarshal(rec.Detail, &d) // {} or {"detail": "..."}: the plugin writes it
		row := auditRow{Time: rec.Time, Type: rec.Type, UserID: rec.UserID, ActorID: rec.ActorID, Detail: d.Detail}
		if rec.IP.IsValid() {
			row.IP = rec.IP.String()
		}
		out = append(out, row)
	}
	return out
}

func (u *ui) adminAuditPage(w http.ResponseWriter, r *http.Request) {
	v := u.newView(w, r, pageAdminAudit, titles[pageAdminAudit])
	in, err := u.administers(r)
	if err != nil {
		u.failPage(w, r, pageAdminAudit, v, err)
		return
	}
	if !in {
		notFound(w, r)
		return
	}
	q := r.URL.Query()
	f, field := auditFilter(q)
	for _, k := range []string{"user", "type", "since", "until"} {
		v.Values[k] = q.Get(k)
	}
	v.Data = adminAuditData{}
	if field != "" {
		v.Errors = append(v.Errors, fieldError{Field: field, Code: auth.ErrInvalidInput.Code})
		u.render(w, r, http.StatusBadRequest, pageAdminAudit, v)
		return
	}
	page, err := u.aud.Query(r.Context(), f)
	if err != nil {
		if e := auth.AsError(err); e.Code == auth.ErrInvalidInput.Code {
			v.Errors = append(v.Errors, fieldError{Code: e.Code})
			u.render(w, r, http.StatusBadRequest, pageAdminAudit, v)
			return
		}
		u.failPage(w, r, pageAdminAudit, v, err)
		return
	}
	v.Data = adminAuditData{Records: auditRows(page.Records), Next: u.nextPage(adminAuditPath, q, page.NextCursor)}
	u.render(w, r, http.StatusOK, pageAdminAudit, v)
}

// auditFilter reads the log's filter from the query: since and until are
// days (UTC), until included. It returns the field of a value that is
// not one.
func auditFilter(q url.Values) (audit.Filter, string) {
	f := audit.Filter{UserID: q.Get("user"), Cursor: q.Get("cursor"), Limit: auditPage}
	if t := q.Get("type"); t != "" {
		f.Types = []string{t}
	}
	if s := q.Get("since"); s != "" {
		t, err := time.Parse(dateLayout, s)
		if err != nil {
			return f, "since"
		}
		f.Since = t
	}
	if s := q.Get("until"); s != "" {
		t, err := time.Parse(dateLayout, s)
		if err != nil {
			return f, "until"
		}
		f.Until = t.AddDate(0, 0, 1)
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		return f, "until"
	}
	return f, ""
}
