package totp

import (
	"errors"
	"testing"
	"time"
)

// TestVerifySkew: a code verifies within skew steps of its own, as its own
// step, and not beyond.
func TestVerifySkew(t *testing.T) {
	k := rfcKey(t, SHA1, 6)
	at := time.Unix(1111111111, 0) // step 0x23523ED
	const step = 0x23523ED
	tests := []struct {
		name  string
		code  uint64 // step of the code typed
		skew  uint8
		want  uint64
		wantE error
	}{
		{"current", step, 1, step, nil},
		{"one behind", step - 1, 1, step - 1, nil},
		{"one ahead", step + 1, 1, step + 1, nil},
		{"two behind", step - 2, 1, 0, ErrWrongCode},
		{"two ahead", step + 2, 1, 0, ErrWrongCode},
		{"two behind, skew 2", step - 2, 2, step - 2, nil},
		{"two ahead, skew 2", step + 2, 2, step + 2, nil},
		{"one behind, skew 0", step - 1, 0, 0, ErrWrongCode},
		{"current, skew 0", step, 0, step, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := k.HOTP(tt.code)
			got, err := k.VerifySkew(code, at, tt.skew)
			if got != tt.want || !errors.Is(err, tt.wantE) || (tt.wantE == nil && err != nil) {
				t.Errorf("VerifySkew(%q, %v, %d) = %#x, %v, want %#x, %v", code, at, tt.skew, got, err, tt.want, tt.wantE)
			}
		})
	}
	// Verify is VerifySkew with DefaultSkew.
	for _, s := range []uint64{step - 2, step - 1, step, step + 1, step + 2} {
		got, err := k.Verify(k.HOTP(s), at)
		want, wantErr := k.VerifySkew(k.HOTP(s), at, DefaultSkew)
		if got != want || !errors.Is(err, wantErr) {
			t.Errorf("Verify(code of %#x) = %#x, %v, want %#x, %v", s, got, err, want, wantErr)
		}
	}
}

// TestVerifyEdges: the window stops at step 0 rather than wrapping, and a
// time before the epoch is step 0.
func TestVerifyEdges(t *testing.T) {
	k := rfcKey(t, SHA1, 6)
	tests := []struct {
		name string
		at   time.Time
		code string
		want uint64
	}{
		{"step 0 at the epoch", time.Unix(0, 0), k.HOTP(0), 0},
		{"step 1 at the epoch", time.Unix(0, 0), k.HOTP(1), 1},
		{"step 0 before the epoch", time.Unix(-1000, 0), k.HOTP(0), 0},
		{"step 0 at 29s", time.Unix(29, 0), k.HOTP(0), 0},
		{"step 1 at 30s", time.Unix(30, 0), k.HOTP(1), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := k.Verify(tt.code, tt.at); err != nil || got != tt.want {
				t.Errorf("Verify(%q, %v) = %d, %v, want %d", tt.code, tt.at, got, err, tt.want)
			}
		})
	}
	// The window of step 0 does not wrap to 2^64-1.
	if last := k.HOTP(^uint64(0)); last != k.HOTP(0) && last != k.HOTP(1) {
		if got, err := k.Verify(last, time.Unix(0, 0)); !errors.Is(err, ErrWrongCode) {
			t.Errorf("Verify(code of 2^64-1, epoch) = %d, %v, want %v", got, err, ErrWrongCode)
		}
	}
}

// TestReplay: a code verifies again as the same step for as long as it is
// in the window, so a caller that stores the step refuses it the second
// time, and accepts the next step's code (RFC 6238 §5.2).
func TestReplay(t *testing.T) {
	k := rfcKey(t, SHA1, 6)
	start := time.Unix(1234567890, 0)
	code := k.Code(start)
	first, err := k.Verify(code, start)
	if err != nil {
		t.Fatalf("Verify(%q, %v) = %v", code, start, err)
	}
	var last = first // what the caller stores
	for _, later := range []time.Duration{0, 10 * time.Second, 30 * time.Second} {
		at := start.Add(later)
		got, err := k.Verify(code, at)
		if err != nil || got != first {
			t.Fatalf("Verify(%q, %v) = %d, %v, want %d again", code, at, got, err, first)
		}
		if got > last {
			t.Errorf("the replayed code at +%v has step %d > the last used %d", later, got, last)
		}
	}
	// Two steps on, the code is out of the window.
	if _, err := k.Verify(code, start.Add(60*time.Second)); !errors.Is(err, ErrWrongCode) {
		t.Errorf("Verify(%q, +60s) = %v, want %v", code, err, ErrWrongCode)
	}
	// The next step's code has a greater step.
	next := start.Add(30 * time.Second)
	if got, err := k.Verify(k.Code(next), next); err != nil || got != last+1 {
		t.Errorf("Verify(next code, %v) = %d, %v, want %d", next, got, err, last+1)
	}
}

// TestVerifyMalformed: codes of the wrong length or with non-digits are
// refused as malformed, before any comparison; the zero key verifies none.
func TestVerifyMalformed(t *testing.T) {
	at := time.Unix(59, 0)
	k6, k8 := rfcKey(t, SHA1, 6), rfcKey(t, SHA1, 8)
	tests := []struct {
		name string
		k    Key
		code string
		want error
	}{
		{"empty", k6, "", ErrMalformedCode},
		{"short", k6, "28708", ErrMalformedCode},
		{"long", k6, "2870820", ErrMalformedCode},
		{"8 digits for 6", k6, "94287082", ErrMalformedCode},
		{"6 digits for 8", k8, "287082", ErrMalformedCode},
		{"space", k6, "287 082", ErrMalformedCode},
		{"leading space", k6, " 287082", ErrMalformedCode},
		{"letter", k6, "28708a", ErrMalformedCode},
		{"sign", k6, "+28708", ErrMalformedCode},
		{"arabic-indic digits", k6, "٢٨٧٠٨٢", ErrMalformedCode},
		{"fullwidth digits", k6, "２８７０８２", ErrMalformedCode},
		{"NUL", k6, "28708\x00", ErrMalformedCode},
		{"wrong", k6, "287083", ErrWrongCode},
		{"zero key", Key{}, "287082", ErrWrongCode},
		{"zero key, empty code", Key{}, "", ErrWrongCode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := tt.k.Verify(tt.code, at); !errors.Is(err, tt.want) || got != 0 {
				t.Errorf("Verify(%q) = %d, %v, want 0, %v", tt.code, got, err, tt.want)
			}
		})
	}
	if got, err := k6.Verify("287082", at); err != nil || got != 1 {
		t.Errorf("Verify(%q) = %d, %v, want 1", "287082", got, err)
	}
}
