package auth

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
)

// codecVersion is the first byte of an encoded session: a form another
// version wrote decodes to an error, which caches answer as a miss.
const codecVersion = 1

// The tags of an encoded user field's value: the types a field's value
// takes (driver values, as [UserField] columns give them), and JSON for a
// field of any other Go type, decoded into that type.
const (
	tagNil byte = iota
	tagString
	tagBool
	tagInt
	tagFloat
	tagTime
	tagBytes
	tagJSON
)

// errEncoding is an encoded session this instance cannot read: another
// codec version, other user fields (a plugin added or removed since it
// was written), or damaged bytes.
var errEncoding = errors.New("auth: the encoded session is not one this instance wrote")

// EncodeSession encodes a session and its user, fields included, in a
// compact binary form, for a session store or cache outside the process
// (such as kvstore/redis's session cache). [Auth.DecodeSession] reads it
// back, each user field in the Go type its plugin declares. The form
// holds no secret (not the token); it is not sealed: keep it where the
// sessions themselves may be kept.
func (a *Auth) EncodeSession(s *Session, u *User) ([]byte, error) {
	b := make([]byte, 0, 256+len(s.Data))
	b = append(b, codecVersion)
	for _, str := range []string{s.ID, s.UserID, s.IP, s.UserAgent, s.Credential, string(s.Data), s.ImpersonatorID,
		u.ID, u.Name, u.Image} {
		b = appendString(b, str)
	}
	for _, t := range []time.Time{s.CreatedAt, s.ExpiresAt, s.LastSeenAt, u.CreatedAt, u.UpdatedAt} {
		b = appendTime(b, t)
	}
	b = binary.AppendUvarint(b, uint64(len(u.Fields)))
	for name, v := range u.Fields {
		b = appendString(b, name)
		var err error
		if b, err = appendValue(b, v); err != nil {
			return nil, fmt.Errorf("auth: encode user field %s: %w", name, err)
		}
	}
	return b, nil
}

// DecodeSession decodes what [Auth.EncodeSession] wrote. A form written by
// an instance with other user fields, or damaged, is an error: a cache
// answers it as a miss.
func (a *Auth) DecodeSession(b []byte) (*Session, *User, error) {
	d := newDecoder(b)
	if d.byte() != codecVersion {
		return nil, nil, errEncoding
	}
	s, u := &Session{}, &User{}
	var data string
	for _, p := range []*string{&s.ID, &s.UserID, &s.IP, &s.UserAgent, &s.Credential, &data, &s.ImpersonatorID,
		&u.ID, &u.Name, &u.Image} {
		*p = d.string()
	}
	if data != "" {
		s.Data = []byte(data)
	}
	for _, p := range []*time.Time{&s.CreatedAt, &s.ExpiresAt, &s.LastSeenAt, &u.CreatedAt, &u.UpdatedAt} {
		*p = d.time()
	}
	n := d.uvarint()
	if d.err != nil || n != uint64(len(a.fields)) {
		return nil, nil, errEncoding
	}
	if n > 0 {
		u.Fields = make(map[string]any, n)
	}
	for range n {
		name := d.string()
		f, ok := a.fieldsByName[name]
		if !ok || d.err != nil {
			return nil, nil, errEncoding
		}
		v, err := d.value(f)
		if err != nil {
			return nil, nil, err
		}
		u.Fields[name] = v
	}
	if d.err != nil || len(d.b) != 0 || len(u.Fields) != len(a.fields) {
		return nil, nil, errEncoding
	}
	return s, u, nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// appendTime appends any time, the zero one included, as seconds and
// nanoseconds; it decodes in UTC, as times read from the database are.
func appendTime(b []byte, t time.Time) []byte {
	return binary.AppendUvarint(binary.AppendVarint(b, t.Unix()), uint64(t.Nanosecond()))
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, tagNil), nil
	case string:
		return appendString(append(b, tagString), x), nil
	case bool:
		if x {
			return append(b, tagBool, 1), nil
		}
		return append(b, tagBool, 0), nil
	case int64:
		return binary.AppendVarint(append(b, tagInt), x), nil
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, tagFloat), math.Float64bits(x)), nil
	case time.Time:
		return appendTime(append(b, tagTime), x), nil
	case []byte:
		return appendString(append(b, tagBytes), string(x)), nil
	default:
		j, err := json.Marshal(x)
		if err != nil {
			return nil, err
		}
		return appendString(append(b, tagJSON), string(j)), nil
	}
}

// decoder reads an encoded session; the first problem sticks in err.
type decoder struct {
	b   []byte
	s   string // the same bytes as b, copied once: strings are cut from it
	err error
}

// newDecoder returns a decoder of b. Its strings share one copy of b,
// one allocation where a copy each cost one per field.
func newDecoder(b []byte) decoder { return decoder{b: b, s: string(b)} }

func (d *decoder) fail() { d.err, d.b, d.s = errEncoding, nil, "" }

// skip moves past n bytes.
func (d *decoder) skip(n int) { d.b, d.s = d.b[n:], d.s[n:] }

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.skip(1)
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.skip(n)
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.skip(n)
	return v
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return ""
	}
	s := d.s[:n]
	d.skip(int(n))
	return s
}

func (d *decoder) time() time.Time {
	sec := d.varint()
	nsec := d.uvarint()
	if nsec >= uint64(time.Second) {
		d.fail()
	}
	if d.err != nil {
		return time.Time{}
	}
	return time.Unix(sec, int64(nsec)).UTC()
}

// value decodes a value of user field f.
func (d *decoder) value(f UserField) (any, error) {
	switch d.byte() {
	case tagNil:
		return nil, nil
	case tagString:
		return d.string(), nil
	case tagBool:
		switch d.byte() {
		case 0:
			return false, nil
		case 1:
			return true, nil
		}
	case tagInt:
		return d.varint(), nil
	case tagFloat:
		if len(d.b) >= 8 {
			v := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
			d.skip(8)
			return v, nil
		}
	case tagTime:
		return d.time(), nil
	case tagBytes:
		return []byte(d.string()), nil
	case tagJSON:
		raw := d.string()
		if d.err == nil {
			v, err := f.decodeJSON([]byte(raw))
			if err != nil {
				return nil, errEncoding
			}
			return v, nil
		}
	}
	d.fail()
	return nil, errEncoding
}
