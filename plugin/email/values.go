package email

import (
	"database/sql"
	"time"
)

var timeZero time.Time

func nullString(s string) sql.Null[string] { return sql.Null[string]{V: s, Valid: s != ""} }

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }

// minutes is a duration in whole minutes, for message texts.
func minutes(d time.Duration) int { return int(d / time.Minute) }
