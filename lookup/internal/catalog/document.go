package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// document is a MongoDB document: its fields in stored order, values kept as
// raw JSON, so that answers carry exactly the stored values and order.
type document []field

type field struct {
	key   string
	value json.RawMessage
}

// parseDocument parses a JSON object, keeping the order of its fields.
func parseDocument(b []byte) (document, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("catalog: document is not an object")
	}
	var d document
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("catalog: %w", err)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("catalog: field %v: %w", tok, err)
		}
		d = append(d, field{key: tok.(string), value: v})
	}
	return d, nil
}

// get returns the raw value of key, or nil when absent.
func (d document) get(key string) json.RawMessage {
	for _, f := range d {
		if f.key == key {
			return f.value
		}
	}
	return nil
}

// str returns the value of key when it is a string.
func (d document) str(key string) (string, bool) {
	var s string
	if err := json.Unmarshal(d.get(key), &s); err != nil {
		return "", false
	}
	return s, true
}

// without returns d less the fields named, as an exclusion projection.
func (d document) without(keys ...string) document {
	return slices.DeleteFunc(slices.Clone(d), func(f field) bool { return slices.Contains(keys, f.key) })
}

// only returns the fields of d named, in d's order, as an inclusion
// projection.
func (d document) only(keys ...string) document {
	return slices.DeleteFunc(slices.Clone(d), func(f field) bool { return !slices.Contains(keys, f.key) })
}

// with returns d with a field appended.
func (d document) with(key string, value json.RawMessage) document {
	return append(slices.Clone(d), field{key: key, value: value})
}

// MarshalJSON writes d as an object, in field order.
func (d document) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range d {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(f.value)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
