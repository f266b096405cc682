package auth

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// coreUserKeys are the JSON names of the user's own fields; a plugin
// field of one of these names is left out, as it always was.
var coreUserKeys = []string{"createdAt", "id", "image", "name", "updatedAt"}

// MarshalJSON writes the core fields in camelCase and the plugin fields
// beside them, keys in sorted order: what encoding/json writes for a map
// of them, byte for byte (TestUserJSON and FuzzUserJSON compare), without
// building the map. Every answer that carries a user (the session route
// on every request) pays this.
func (u *User) MarshalJSON() ([]byte, error) {
	return u.appendJSON(make([]byte, 0, 256))
}

// appendJSON appends what MarshalJSON returns to b.
func (u *User) appendJSON(b []byte) ([]byte, error) {
	var room [16]string // the keys of most users, on the stack
	keys := append(room[:0], coreUserKeys...)
	for k := range u.Fields {
		if !slices.Contains(coreUserKeys, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		var err error
		switch k {
		case "id":
			b = appendJSONString(b, u.ID)
		case "name":
			b = appendJSONString(b, u.Name)
		case "image":
			b = appendJSONString(b, u.Image)
		case "createdAt":
			b, err = appendJSONTime(b, u.CreatedAt)
		case "updatedAt":
			b, err = appendJSONTime(b, u.UpdatedAt)
		default:
			b, err = appendJSONValue(b, u.Fields[k])
		}
		if err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendJSONValue appends a plugin field's value: the driver values the
// core loads fields as without reflection, anything else by encoding/json.
func appendJSONValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendJSONString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case time.Time:
		return appendJSONTime(b, x)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}

// appendJSONTime appends a time as time.Time's MarshalJSON writes it (a
// quoted AppendText), into b rather than a buffer of its own.
func appendJSONTime(b []byte, t time.Time) ([]byte, error) {
	out, err := t.AppendText(append(b, '"'))
	if err != nil { // a year past 9999: MarshalJSON's own error
		_, err = t.MarshalJSON()
		return nil, err
	}
	return append(out, '"'), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as encoding/json writes a string: quoted,
// with <, > and & escaped for HTML, U+2028 and U+2029 escaped, control
// characters escaped, and invalid UTF-8 replaced by U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
