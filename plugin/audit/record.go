package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Sizes of a record's fields: longer values are cut (at a character
// boundary) rather than refused, since an event is on record whatever its
// text.
const (
	maxType   = 64
	maxOp     = 128
	maxIP     = 45
	maxAgent  = 512
	maxDetail = 1000
)

// Record is one recorded event.
type Record struct {
	// ID identifies the record; records of security events carry the
	// event's [auth.Event.ID].
	ID string `json:"id"`
	// Type is the event's type ([auth.EventCredentialRefused],
	// [auth.AccountEvent] values, the plugins' events) or the type
	// [WithOperation] maps an operation to.
	Type string `json:"type"`
	// UserID is the user concerned, if known.
	UserID string `json:"userId,omitempty"`
	// ActorID is who acted for the user: the administrator of an
	// impersonation session.
	ActorID string `json:"actorId,omitempty"`
	// OrganizationID is the organization concerned. Nothing sets it yet:
	// the column waits for the organization plugin.
	OrganizationID string `json:"organizationId,omitempty"`
	// Op is the operation that raised the event.
	Op string `json:"op,omitempty"`
	// IP is the client's address as the core decided it
	// ([auth.WithTrustedProxies]); invalid when unknown (a Go call).
	IP netip.Addr `json:"ip"`
	// UserAgent is the client's User-Agent header.
	UserAgent string `json:"userAgent,omitempty"`
	// Time is when the event happened.
	Time time.Time `json:"time"`
	// Detail is a small JSON object: {"detail": "..."} with the event's
	// text for people, {} when it has none. It never holds a secret.
	Detail json.RawMessage `json:"detail"`
}

// fromEvent is the record of a security event.
func fromEvent(ev auth.Event) Record {
	return Record{ID: ev.ID, Type: ev.Type, UserID: ev.UserID, ActorID: ev.ActorID, Op: ev.Op, IP: ev.IP,
		UserAgent: ev.UserAgent, Time: ev.Time, Detail: detailOf(ev.Detail)}
}

// detailOf is the JSON detail of an event's text.
func detailOf(text string) json.RawMessage {
	if text == "" {
		return json.RawMessage(`{}`)
	}
	b, err := json.Marshal(struct {
		Detail string `json:"detail"`
	}{cut(text, maxDetail)})
	if err != nil { // a string always marshals
		return json.RawMessage(`{}`)
	}
	return b
}

// cut shortens s to at most n bytes without splitting a character, and
// drops invalid UTF-8 and NUL bytes (which PostgreSQL's text refuses).
func cut(s string, n int) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, ""), "\x00", "")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// insert writes records with db, one statement for them all.
func insert(ctx context.Context, db *sqlb.DB, recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	stmt := sqlb.Insert(Records)
	for _, r := range recs {
		ip := ""
		if r.IP.IsValid() {
			ip = r.IP.String()
		}
		stmt = stmt.Row(RecordID.Set(r.ID), RecordType.Set(cut(r.Type, maxType)), RecordUserID.Set(null(r.UserID)),
			RecordActorID.Set(null(r.ActorID)), RecordOrgID.Set(null(r.OrganizationID)), RecordOp.Set(cut(r.Op, maxOp)),
			RecordIP.Set(cut(ip, maxIP)), RecordAgent.Set(cut(r.UserAgent, maxAgent)), RecordAt.Set(r.Time),
			RecordDetail.Set(string(r.Detail)))
	}
	_, err := db.Exec(ctx, stmt)
	return err
}

type nullString = sql.Null[string]

func null(s string) nullString { return sql.Null[string]{V: s, Valid: s != ""} }

// scanner reads records row by row.
type scanner struct {
	rec              Record
	user, actor, org sql.Null[string]
	ip, detail       string
}

func (s *scanner) selection() []sqlb.Selection {
	return []sqlb.Selection{RecordID.Into(&s.rec.ID), RecordType.Into(&s.rec.Type), RecordUserID.Into(&s.user),
		RecordActorID.Into(&s.actor), RecordOrgID.Into(&s.org), RecordOp.Into(&s.rec.Op), RecordIP.Into(&s.ip),
		RecordAgent.Into(&s.rec.UserAgent), RecordAt.Into(&s.rec.Time), RecordDetail.Into(&s.detail)}
}

// record returns the row read last.
func (s *scanner) record() Record {
	r := s.rec
	r.UserID, r.ActorID, r.OrganizationID = s.user.V, s.actor.V, s.org.V
	r.IP, _ = netip.ParseAddr(s.ip) // "" is the invalid address: unknown
	r.Detail = json.RawMessage(s.detail)
	return r
}
