package auth

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// plainSession is a Session without methods: what encoding/json writes
// for one by reflection, the reference AppendSessionJSON must match.
type plainSession Session

// reflectedJSON is json.Marshal of the session route's answer by
// reflection (the user by its MarshalJSON, which TestUserJSON checks).
func reflectedJSON(i SessionInfo) ([]byte, error) {
	return json.Marshal(struct {
		User    *User         `json:"user"`
		Session *plainSession `json:"session"`
	}{i.User, (*plainSession)(i.Session)})
}

func TestSessionInfoJSON(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 123456000, time.UTC)
	user := &User{ID: "u1", Name: "Ada <L> & co", CreatedAt: at, UpdatedAt: at,
		Fields: map[string]any{"primaryEmail": "ada@example.com", "emailVerifiedAt": at}}
	for _, tt := range []struct {
		name string
		info SessionInfo
	}{
		{"empty", SessionInfo{}},
		{"no session", SessionInfo{User: user}},
		{"no user", SessionInfo{Session: &Session{ID: "s"}}},
		{"plain", SessionInfo{User: user, Session: &Session{ID: "s1", UserID: "u1", CreatedAt: at, ExpiresAt: at.Add(time.Hour),
			LastSeenAt: at, Credential: "password", Data: json.RawMessage(`{}`)}}},
		{"every field", SessionInfo{User: user, Session: &Session{ID: "s\"1", UserID: "u\u20281", CreatedAt: at,
			ExpiresAt: at.In(time.FixedZone("X", 3600)), IP: "203.0.113.9", UserAgent: "Mozilla <5.0> \xff",
			Credential: "oauth:github", Data: json.RawMessage(`{"a":1,"b":[true,null,"x"]}`),
			ImpersonatorID: "admin", Current: true, ResolvedBy: "apikey"}}},
		{"data to compact and escape", SessionInfo{Session: &Session{
			Data: json.RawMessage(" { \"k\" : \"<b>&\u2028\u2029</b>\" ,\n\t\"n\": [ 1 , 2 ] } ")}}},
		{"data of DEL and unicode", SessionInfo{Session: &Session{Data: json.RawMessage("{\"\x7f\":\"日本\"}")}}},
		{"invalid data", SessionInfo{Session: &Session{Data: json.RawMessage(`{"a":}`)}}},
		{"empty data", SessionInfo{Session: &Session{Data: json.RawMessage{}}}},
		{"plain but invalid data", SessionInfo{Session: &Session{Data: json.RawMessage(`{a}`)}}},
		{"a time past 9999", SessionInfo{Session: &Session{LastSeenAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}}},
		{"a user that fails", SessionInfo{User: &User{CreatedAt: time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AppendSessionJSON([]byte("prefix:"), tt.info)
			want, werr := reflectedJSON(tt.info)
			if (err == nil) != (werr == nil) || (err == nil && string(got) != "prefix:"+string(want)) {
				t.Errorf("AppendSessionJSON(%+v) =\n%s, %v\nwant\n%s, %v", tt.info, got, err, want, werr)
			}
		})
	}
}

func FuzzSessionInfoJSON(f *testing.F) {
	f.Add("s1", "password", "203.0.113.9", `{}`, "", false)
	f.Add("s\u2028", "oauth:<x>", "", " { \"a\" : \"<&>\" } ", "admin", true)
	f.Add("\xff", "", "\x00", `{"a":}`, "\t", false)
	f.Fuzz(func(t *testing.T, id, credential, ip, data, impersonator string, current bool) {
		at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
		info := SessionInfo{User: &User{ID: id, Name: credential, Fields: map[string]any{ip: data}},
			Session: &Session{ID: id, UserID: id, CreatedAt: at, ExpiresAt: at, LastSeenAt: at, IP: ip, UserAgent: ip,
				Credential: credential, Data: json.RawMessage(data), ImpersonatorID: impersonator, Current: current,
				ResolvedBy: impersonator}}
		got, err := AppendSessionJSON(nil, info)
		want, werr := reflectedJSON(info)
		if (err == nil) != (werr == nil) || string(got) != string(want) {
			t.Fatalf("AppendSessionJSON = %s, %v; want %s, %v", got, err, want, werr)
		}
	})
}

// TestSessionJSONCoversEveryField sets every exported field of a Session
// by reflection, so that a field added to Session later and forgotten by
// AppendSessionJSON fails here rather than vanishing from the answer.
func TestSessionJSONCoversEveryField(t *testing.T) {
	s := &Session{}
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch f.Interface().(type) {
		case string:
			f.SetString("x" + v.Type().Field(i).Name)
		case bool:
			f.SetBool(true)
		case time.Time:
			f.Set(reflect.ValueOf(time.Date(2026, 11, 24, 9, 0, i, 0, time.UTC)))
		case json.RawMessage:
			f.SetBytes([]byte(`{"k":1}`))
		default:
			t.Fatalf("Session.%s: a %s, which this test cannot fill: teach it", v.Type().Field(i).Name, f.Type())
		}
	}
	got, err := AppendSessionJSON(nil, SessionInfo{Session: s})
	want, werr := reflectedJSON(SessionInfo{Session: s})
	if err != nil || werr != nil || string(got) != string(want) {
		t.Errorf("AppendSessionJSON = %s, %v\nwant %s, %v", got, err, want, werr)
	}
}
