package auth

import (
	"bytes"
	"encoding/json"
)

// AppendSessionJSON appends the session route's answer i to b: the bytes
// json.Marshal writes for it, byte for byte (TestSessionInfoJSON and
// FuzzSessionInfoJSON compare), without reflection or the compaction
// pass encoding/json runs over a MarshalJSON's output. authhttp writes
// every GET /session answer with it. (A function, not a method: a type
// embedding SessionInfo, such as authhttp's CompactPayload, must not
// take it for its own encoding.)
func AppendSessionJSON(b []byte, i SessionInfo) ([]byte, error) {
	b = append(b, `{"user":`...)
	var err error
	if i.User == nil {
		b = append(b, "null"...)
	} else if b, err = i.User.appendJSON(b); err != nil {
		return nil, err
	}
	b = append(b, `,"session":`...)
	if i.Session == nil {
		b = append(b, "null"...)
	} else if b, err = appendSession(b, i.Session); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendSession appends s as encoding/json writes a Session: its
// fields in order, the omitempty ones only when set.
func appendSession(b []byte, s *Session) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = appendJSONString(b, s.ID)
	b = append(b, `,"userId":`...)
	b = appendJSONString(b, s.UserID)
	b = append(b, `,"createdAt":`...)
	if b, err = appendJSONTime(b, s.CreatedAt); err != nil {
		return nil, err
	}
	b = append(b, `,"expiresAt":`...)
	if b, err = appendJSONTime(b, s.ExpiresAt); err != nil {
		return nil, err
	}
	b = append(b, `,"lastSeenAt":`...)
	if b, err = appendJSONTime(b, s.LastSeenAt); err != nil {
		return nil, err
	}
	if s.IP != "" {
		b = appendJSONString(append(b, `,"ip":`...), s.IP)
	}
	if s.UserAgent != "" {
		b = appendJSONString(append(b, `,"userAgent":`...), s.UserAgent)
	}
	b = appendJSONString(append(b, `,"credential":`...), s.Credential)
	b = append(b, `,"data":`...)
	if b, err = appendRawJSON(b, s.Data); err != nil {
		return nil, err
	}
	if s.ImpersonatorID != "" {
		b = appendJSONString(append(b, `,"impersonatorId":`...), s.ImpersonatorID)
	}
	if s.Current {
		b = append(b, `,"current":true`...)
	}
	if s.ResolvedBy != "" {
		b = appendJSONString(append(b, `,"resolvedBy":`...), s.ResolvedBy)
	}
	return append(b, '}'), nil
}

// appendRawJSON appends raw JSON as encoding/json writes a
// json.RawMessage: null when nil, else checked and compacted, with <, >,
// &, U+2028 and U+2029 escaped. Valid data holding none of those nor
// spaces (an object of plain keys and values, "{}" most often) is
// appended as it is.
func appendRawJSON(b []byte, raw json.RawMessage) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	if plainJSON(raw) && json.Valid(raw) {
		return append(b, raw...), nil
	}
	var out bytes.Buffer
	if err := json.Compact(&out, raw); err != nil { // invalid JSON: its error
		return nil, err
	}
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, out.Bytes())
	return append(b, escaped.Bytes()...), nil
}

// plainJSON reports whether raw holds only printable ASCII other than
// space, <, > and &: what compaction and escaping leave as it is.
func plainJSON(raw []byte) bool {
	for _, c := range raw {
		if c <= ' ' || c >= 0x7f || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
