package auth

import (
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// level is a field type that is no driver value: it travels as JSON.
type level int

// codecInstance returns an instance with user fields of every kind of
// value: driver values, a nullable one, and a Go type of the plugin's own.
func codecInstance() *Auth {
	t := sqlb.NewTable("codec_test")
	fields := []UserField{
		Field("email", sqlb.NewColumn[string](t, "email", sqlb.Text())),
		Field("on", sqlb.NewColumn[bool](t, "on", sqlb.Bool())),
		Field("count", sqlb.NewColumn[int64](t, "count", sqlb.Int())),
		Field("until", sqlb.NewColumn[sql.Null[time.Time]](t, "until", sqlb.Time(), sqlb.Nullable())),
		Field("reason", sqlb.NewColumn[sql.Null[string]](t, "reason", sqlb.Text(), sqlb.Nullable())),
		Field("level", sqlb.NewColumn[level](t, "level", sqlb.Int())),
	}
	a := &Auth{fields: fields, fieldsByName: map[string]UserField{}}
	for _, f := range fields {
		a.fieldsByName[f.JSONName()] = f
	}
	return a
}

func TestSessionCodecRoundTrip(t *testing.T) {
	a := codecInstance()
	at := time.Date(2026, 11, 24, 9, 30, 0, 123456000, time.UTC)
	for _, tc := range []struct {
		s Session
		u User
	}{
		{Session{}, User{Fields: map[string]any{"email": "", "on": false, "count": int64(0), "until": nil, "reason": nil, "level": level(0)}}},
		{Session{ID: "s1", UserID: "u1", CreatedAt: at, ExpiresAt: at.Add(time.Hour), LastSeenAt: at, IP: "203.0.113.9",
			UserAgent: "agent \xff", Credential: "password", Data: json.RawMessage(`{"twoFactor":{"pending":true}}`),
			ImpersonatorID: "admin"},
			User{ID: "u1", Name: "Ada 😀", Image: "https://x/a.png", CreatedAt: at.Add(-time.Hour), UpdatedAt: at,
				Fields: map[string]any{"email": "ada@example.com", "on": true, "count": int64(-42), "until": at,
					"reason": "spam", "level": level(7)}}},
	} {
		b, err := a.EncodeSession(&tc.s, &tc.u)
		if err != nil {
			t.Fatal(err)
		}
		s, u, err := a.DecodeSession(b)
		if err != nil {
			t.Fatalf("DecodeSession = %v", err)
		}
		if !reflect.DeepEqual(*s, tc.s) || !reflect.DeepEqual(*u, tc.u) {
			t.Errorf("round trip:\n%+v\n%+v\nwant\n%+v\n%+v", *s, *u, tc.s, tc.u)
		}
	}
}

// TestSessionCodecRefuses: another instance's fields, another version and
// every damaged form decode to an error, never a panic or a wrong user.
func TestSessionCodecRefuses(t *testing.T) {
	a := codecInstance()
	u := &User{ID: "u1", Fields: map[string]any{"email": "a@b", "on": true, "count": int64(1), "until": nil, "reason": "x", "level": level(1)}}
	b, err := a.EncodeSession(&Session{ID: "s1", UserID: "u1", Data: json.RawMessage(`{}`)}, u)
	if err != nil {
		t.Fatal(err)
	}
	other := codecInstance()
	delete(other.fieldsByName, "level")
	other.fields = other.fields[:5]
	if _, _, err := other.DecodeSession(b); !errors.Is(err, errEncoding) {
		t.Errorf("an instance with other fields decoded: %v", err)
	}
	if _, err := other.EncodeSession(&Session{}, &User{Fields: map[string]any{"f": make(chan int)}}); err == nil {
		t.Error("a value JSON cannot encode was encoded")
	}
	for n := range len(b) {
		if _, _, err := a.DecodeSession(b[:n]); err == nil {
			t.Errorf("the first %d of %d bytes decoded", n, len(b))
		}
	}
	if _, _, err := a.DecodeSession(append(append([]byte{}, b...), 0)); err == nil {
		t.Error("trailing bytes decoded")
	}
	v2 := append([]byte{2}, b[1:]...)
	if _, _, err := a.DecodeSession(v2); err == nil {
		t.Error("another codec version decoded")
	}
	for i := range b {
		c := append([]byte{}, b...)
		c[i] ^= 0xff
		_, _, _ = a.DecodeSession(c) // must not panic
	}
}
