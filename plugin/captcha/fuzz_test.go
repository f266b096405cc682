package captcha

import (
	"testing"
)

// FuzzVerdict: a siteverify answer never panics the reader; an error
// means no verdict; a verdict only comes from an answer that says
// success, true or false.
func FuzzVerdict(f *testing.F) {
	f.Add([]byte(`{"success":true,"challenge_ts":"2026-11-25T09:00:00.000Z","hostname":"sesame.test","error-codes":[],"action":"login","cdata":""}`))
	f.Add([]byte(`{"success":false,"error-codes":["timeout-or-duplicate"]}`))
	f.Add([]byte(`{"success":true,"challenge_ts":"2026-11-25T09:00:00Z","hostname":"sesame.test","score":0.9,"action":"login"}`))
	f.Add([]byte(`{"success":"yes"}`))
	f.Add([]byte(`{"challenge_ts":"yesterday"}`))
	f.Add([]byte(`[]`))
	f.Add([]byte("\xff"))
	s := &siteverify{name: "recaptcha", score: true}
	f.Fuzz(func(t *testing.T, body []byte) {
		v, err := s.verdict(body)
		if err != nil {
			if v != nil {
				t.Fatalf("verdict(%q) = %+v, %v: an error must yield no verdict", body, v, err)
			}
			return
		}
		if v == nil {
			t.Fatalf("verdict(%q) = nil, nil", body)
		}
	})
}

// TestWellFormed: tokens are printable ASCII of bounded length.
func TestWellFormed(t *testing.T) {
	long := make([]byte, 4097)
	for i := range long {
		long[i] = 'a'
	}
	for _, tt := range []struct {
		token string
		want  bool
	}{
		{"0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p", true},
		{"P1_eyJ0eXAiOiJKV1Qi", true},
		{string(long[:4096]), true},
		{string(long), false},
		{"a b", false},
		{"a\x00b", false},
		{"caf\xc3\xa9", false},
		{"\xff", false},
	} {
		if got := wellFormed(tt.token); got != tt.want {
			t.Errorf("wellFormed(%.20q) = %v, want %v", tt.token, got, tt.want)
		}
	}
}
