package auth

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// mapJSON is how users were written before: a map of every field, which
// encoding/json writes with sorted keys. The encoder must match it byte
// for byte.
func mapJSON(u *User) ([]byte, error) {
	m := make(map[string]any, 5+len(u.Fields))
	for k, v := range u.Fields {
		m[k] = v
	}
	m["id"], m["name"], m["image"] = u.ID, u.Name, u.Image
	m["createdAt"], m["updatedAt"] = u.CreatedAt, u.UpdatedAt
	return json.Marshal(m)
}

// manyFields is a user with n plugin fields.
func manyFields(n int) *User {
	u := &User{ID: "many", Fields: map[string]any{}}
	for i := range n {
		u.Fields[fmt.Sprintf("field%02d", n-i)] = int64(i)
	}
	return u
}

func TestUserJSON(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 123456000, time.UTC)
	for _, u := range []*User{
		{},
		{ID: "0192", Name: "Ada <Lovelace> & \"co\"\\", Image: "https://x/a.png", CreatedAt: at, UpdatedAt: at},
		{ID: "x", Name: "tab\tnew\nline\u2028sep\u2029\x01\x1f\u007f\b\f", Fields: map[string]any{
			"primaryEmail": "ada@example.com", "emailVerifiedAt": at, "twoFactorEnabled": true, "count": int64(-7),
			"none": nil, "name": "a plugin's field named like a core one", "float": 1.5, "bytes": []byte("hi"),
			"zeta": map[string]int{"b": 2, "a": 1}, "Ünïcode": "日本語 😀"}},
		{Name: "bad \xff utf-8 \xc3", Fields: map[string]any{"\xfekey": "v"}},
		{ID: "far", CreatedAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},                  // MarshalJSON fails
		{ID: "zoned", CreatedAt: at.In(time.FixedZone("X", -7*3600)), UpdatedAt: time.Time{}}, // an offset, the zero time
		{ID: "field", Fields: map[string]any{"bannedUntil": time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)}},
		manyFields(20), // more keys than MarshalJSON has room for on the stack
	} {
		got, err := u.MarshalJSON()
		want, werr := mapJSON(u)
		if string(got) != string(want) || (err == nil) != (werr == nil) {
			t.Errorf("MarshalJSON(%+v) =\n%s, %v\nwant\n%s, %v", u, got, err, want, werr)
		}
	}
}

func FuzzUserJSON(f *testing.F) {
	f.Add("ada", "Ada <L>", "\u2028", "k", "v")
	f.Add("", "\xff", "\x00", "\xfe", "\t")
	f.Fuzz(func(t *testing.T, id, name, image, key, value string) {
		u := &User{ID: id, Name: name, Image: image, Fields: map[string]any{key: value, key + "2": int64(len(value))}}
		got, err := u.MarshalJSON()
		want, werr := mapJSON(u)
		if string(got) != string(want) || (err == nil) != (werr == nil) {
			t.Fatalf("MarshalJSON = %s, %v; want %s, %v", got, err, want, werr)
		}
	})
}
