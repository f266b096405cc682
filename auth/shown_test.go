package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestShown(t *testing.T) {
	const value = "JBSWY3DPEHPK3PXP"
	answer := struct {
		Key   Shown   `json:"key"`
		Codes []Shown `json:"codes"`
		inner Shown
	}{Key: Show(NewSecret(value)), Codes: []Shown{Show(NewSecret(value))}, inner: Show(NewSecret(value))}
	for _, format := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		if got := fmt.Sprintf(format, answer); strings.Contains(got, value) || strings.Contains(got, fmt.Sprintf("%x", value)) {
			t.Errorf("Sprintf(%q) = %s, want the value left out", format, got)
		}
	}
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("answer", "key", answer.Key)
	if strings.Contains(logged.String(), value) {
		t.Errorf("slog wrote %s, want the value left out", logged.String())
	}
	b, err := json.Marshal(answer)
	if err != nil || string(b) != `{"key":"`+value+`","codes":["`+value+`"]}` {
		t.Fatalf("json.Marshal = %s, %v, want the value shown", b, err)
	}
	var back struct {
		Key Shown `json:"key"`
	}
	if err := json.Unmarshal(b, &back); err != nil || back.Key.Reveal() != value {
		t.Fatalf("json.Unmarshal = %q, %v, want the value", back.Key.Reveal(), err)
	}
}
