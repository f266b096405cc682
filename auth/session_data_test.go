package auth

import (
	"encoding/json"
	"testing"
)

func TestSessionDataValue(t *testing.T) {
	s := &Session{Data: json.RawMessage(`{"other":"twoFactorPending","twoFactorPendingX":1,"twoFactorPending":{"methods":["totp"]}}`)}
	var got struct{ Methods []string }
	if ok, err := s.DataValue("twoFactorPending", &got); !ok || err != nil || len(got.Methods) != 1 {
		t.Fatalf("DataValue = %v, %v, %+v; want the value", ok, err, got)
	}
	for _, data := range []string{`{}`, `{"twoFactorPendingX":1}`, `{"a":"twoFactorPending "}`, ``} {
		s := &Session{Data: json.RawMessage(data)}
		if ok, err := s.DataValue("twoFactorPending", &got); ok || err != nil {
			t.Errorf("DataValue in %s = %v, %v; want absent", data, ok, err)
		}
	}
	miss := &Session{Data: json.RawMessage(`{"secondFactor":{"method":"totp"}}`)}
	if n := testing.AllocsPerRun(100, func() { miss.DataValue("twoFactorPending", &got) }); n != 0 {
		t.Errorf("a DataValue of an absent key allocates %v times: every request pays it", n)
	}
}
