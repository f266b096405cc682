package jose

import (
	"context"
	"encoding/json"
	"fmt"
)

// KeyFinder finds the key that verifies a token, given the token header's
// kid (maybe empty) and alg. It returns [ErrUnknownKey] when no key
// matches, [ErrAlgorithmMismatch] when the kid names a key of another
// algorithm. [Keys] and [*KeySet] are KeyFinders.
type KeyFinder interface {
	FindKey(ctx context.Context, kid, alg string) (Key, error)
}

// Keys is a JWK Set (RFC 7517 §5) of keys that verify signatures: a fixed
// set, or one read with [ParseKeys]. It marshals to a JWK Set's JSON.
type Keys []Key

// ParseKeys parses a JWK Set (RFC 7517 §5), a JSON object whose "keys"
// member is an array of JWKs. It keeps the keys [ParseKey] accepts and
// skips the others, as RFC 7517 §5 advises, so that one key of a new kind
// does not break sign-in; the result may be empty. Only a set that is not
// such an object gets an error, [ErrMalformed].
func ParseKeys(data []byte) (Keys, error) {
	m, err := object("JWK Set", data)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(m["keys"], &raws); err != nil || raws == nil {
		return nil, fmt.Errorf("%w: JWK Set without a \"keys\" array", ErrMalformed)
	}
	keys := Keys{}
	for _, raw := range raws {
		if k, err := ParseKey(raw); err == nil {
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// FindKey returns the key with ID kid, or when kid is empty the only key
// for alg. Several keys sharing the kid, or no kid with several keys for
// alg, get [ErrUnknownKey]: OpenID Connect Core §10.1 requires a kid when
// the set holds several keys. A key named by kid whose algorithm is not
// alg gets [ErrAlgorithmMismatch]. The context is not used.
func (ks Keys) FindKey(_ context.Context, kid, alg string) (Key, error) {
	var found Key
	named, matches := 0, 0
	for _, k := range ks {
		if kid != "" && k.id != kid {
			continue
		}
		named++
		if k.alg == alg {
			found = k
			matches++
		}
	}
	switch {
	case matches == 1:
		return found, nil
	case matches > 1 && kid != "":
		return Key{}, fmt.Errorf("%w: %d keys with kid %q", ErrUnknownKey, matches, kid)
	case matches > 1:
		return Key{}, fmt.Errorf("%w: no kid, and %d keys for %s (OpenID Connect Core §10.1)", ErrUnknownKey, matches, alg)
	case named > 0 && kid != "":
		return Key{}, fmt.Errorf("%w: key %q is not for %q", ErrAlgorithmMismatch, kid, alg)
	}
	return Key{}, fmt.Errorf("%w: kid %q, alg %q", ErrUnknownKey, kid, alg)
}

// MarshalJSON writes the set as a JWK Set, {"keys":[...]}, each key as
// [Key.MarshalJSON] writes it.
func (ks Keys) MarshalJSON() ([]byte, error) {
	if ks == nil {
		ks = Keys{}
	}
	return json.Marshal(struct {
		Keys []Key `json:"keys"`
	}{ks})
}

// UnmarshalJSON reads a JWK Set as [ParseKeys] does.
func (ks *Keys) UnmarshalJSON(data []byte) error {
	keys, err := ParseKeys(data)
	if err != nil {
		return err
	}
	*ks = keys
	return nil
}
