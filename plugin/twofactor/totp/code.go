package totp

import (
	"crypto/hmac"
	"encoding/binary"
	"fmt"
	"time"
)

// HOTP returns the code of the counter: the HMAC of the counter under the
// secret, truncated dynamically to the key's digits (RFC 4226 §5.3). It
// returns "" for the zero Key.
func (k Key) HOTP(counter uint64) string {
	if k.IsZero() {
		return ""
	}
	mac := hmac.New(k.algorithm.hash(), []byte(k.secret.Reveal()))
	var c [8]byte
	binary.BigEndian.PutUint64(c[:], counter) // RFC 4226 §5.2: the counter is 8 bytes, big-endian
	mac.Write(c[:])
	hs := mac.Sum(nil)
	// RFC 4226 §5.3: the low 4 bits of the last byte give the offset of
	// 31 bits taken big-endian, the top bit masked off. RFC 6238 §1.2
	// applies it unchanged to the longer HMAC-SHA-256 and -SHA-512.
	off := hs[len(hs)-1] & 0x0f
	bin := binary.BigEndian.Uint32(hs[off:off+4]) & 0x7fffffff
	// RFC 4226 §5.3 step 3: the code is Snum mod 10^Digit, zero-padded.
	return fmt.Sprintf("%0*d", k.digits, bin%pow10[k.digits])
}

// pow10 holds 10^n for the digits a key may have.
var pow10 = [...]uint32{6: 1_000_000, 8: 100_000_000}

// Step returns the time step counter of t: T = floor((t - T0) / X) with
// T0 the Unix epoch and X the key's period (RFC 6238 §4.2). A time before
// the epoch is step 0. It returns 0 for the zero Key.
func (k Key) Step(t time.Time) uint64 {
	if k.period == 0 || t.Unix() < 0 {
		return 0
	}
	return uint64(t.Unix()) / uint64(k.period)
}

// Code returns the code of time t: the HOTP of its time step (RFC 6238
// §4.2). It returns "" for the zero Key.
func (k Key) Code(t time.Time) string { return k.HOTP(k.Step(t)) }
