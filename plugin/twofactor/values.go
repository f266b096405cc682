package twofactor

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"time"
)

type (
	nullTime   = sql.Null[time.Time]
	nullString = sql.Null[string]
)

func someTime(t time.Time) nullTime  { return nullTime{V: t, Valid: true} }
func someString(s string) nullString { return nullString{V: s, Valid: s != ""} }
func minutes(d time.Duration) int    { return int(d / time.Minute) }
func hashOf(s string) []byte         { h := sha256.Sum256([]byte(s)); return h[:] }

// randomToken returns 32 random bytes in base64url: a device's cookie.
func randomToken() string {
	var b [32]byte
	rand.Read(b[:]) // never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b[:])
}
