package sessiondata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// maxKey is the longest key, in bytes.
const maxKey = 64

// checkKey accepts 1 to 64 letters, digits, '.', '_', ':' and '-'.
func checkKey(key string) error {
	if key == "" || len(key) > maxKey {
		return fmt.Errorf("key must have 1 to %d bytes", maxKey)
	}
	for i := 0; i < len(key); i++ {
		ch := key[i]
		switch {
		case 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z', '0' <= ch && ch <= '9', ch == '.', ch == '_', ch == ':', ch == '-':
		default:
			return errors.New("key may hold only letters, digits, '.', '_', ':' and '-'")
		}
	}
	return nil
}

// KeyRequest names a key of the caller's session.
type KeyRequest struct {
	Key string `json:"key"`
}

// Validate implements [auth.InputValidator].
func (r KeyRequest) Validate() error { return checkKey(r.Key) }

// SetRequest sets a value of the caller's session: any JSON.
type SetRequest struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// Validate implements [auth.InputValidator].
func (r SetRequest) Validate() error {
	var errs []error
	errs = append(errs, checkKey(r.Key))
	if len(r.Value) == 0 || !json.Valid(r.Value) || !utf8.Valid(r.Value) {
		errs = append(errs, errors.New("value must be JSON in UTF-8"))
	}
	return errors.Join(errs...)
}

// compact is a value in compact JSON, as stored.
func compact(v json.RawMessage) (string, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Value is a value of the session.
type Value struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// ValueSet is every value of the session, by key.
type ValueSet struct {
	Values map[string]json.RawMessage `json:"values"`
}

type sweepRequest struct {
	After string `json:"after"`
}

type swept struct {
	Deleted int64  `json:"deleted"`
	Next    string `json:"next"`
}
