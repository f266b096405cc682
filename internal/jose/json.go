package jose

import (
	"encoding/json"
	"fmt"
)

// object decodes a JSON object into its members. Members are looked up by
// their exact names: encoding/json matches struct fields without regard to
// case, so that "ALG" would pass for "alg". A repeated member keeps its last
// value, as RFC 7515 §4 and RFC 7519 §4 allow.
func object(what string, data []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil, fmt.Errorf("%w: %s is not a JSON object", ErrMalformed, what)
	}
	return m, nil
}

// stringMember stores the string member name of m in dst; an absent or
// null member leaves dst empty.
func stringMember(m map[string]json.RawMessage, name string, dst *string) error {
	raw, ok := m[name]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fmt.Errorf("%w: %q is not a string", ErrMalformed, name)
	}
	return nil
}

// field is a string member to read and where to store it.
type field struct {
	name string
	dst  *string
}

// stringMembers stores several string members, in order, stopping at the
// first error.
func stringMembers(m map[string]json.RawMessage, fields ...field) error {
	for _, f := range fields {
		if err := stringMember(m, f.name, f.dst); err != nil {
			return err
		}
	}
	return nil
}
