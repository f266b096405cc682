package sqlb

import (
	"errors"
	"strings"
)

// IsUniqueViolation reports whether err, or an error it wraps, is an
// engine's refusal of a duplicate key: SQLSTATE 23505 on PostgreSQL, error
// 1062 on MySQL and MariaDB, a UNIQUE or PRIMARY KEY constraint failure on
// SQLite. It recognises the drivers by their error methods and messages,
// so sqlb needs none of them.
func IsUniqueViolation(err error) bool {
	var state interface{ SQLState() string }
	if errors.As(err, &state) && state.SQLState() == "23505" {
		return true
	}
	var code interface{ Code() int }
	if errors.As(err, &code) {
		switch code.Code() {
		case 2067, 1555: // SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY
			return true
		}
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		msg := e.Error()
		if strings.HasPrefix(msg, "Error 1062") || // go-sql-driver/mysql's MySQLError
			strings.Contains(msg, "UNIQUE constraint failed") {
			return true
		}
	}
	return false
}

// IsRetryable reports whether err is a transient conflict between
// concurrent transactions that a retry of the whole transaction can
// resolve: a deadlock or serialization failure on PostgreSQL (SQLSTATE
// 40P01, 40001), a deadlock or lock wait timeout on MySQL and MariaDB
// (errors 1213, 1205), a busy or locked database on SQLite.
func IsRetryable(err error) bool {
	var state interface{ SQLState() string }
	if errors.As(err, &state) {
		switch state.SQLState() {
		case "40P01", "40001":
			return true
		}
	}
	var code interface{ Code() int }
	if errors.As(err, &code) {
		switch code.Code() & 0xff { // the primary result code
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return true
		}
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		msg := e.Error()
		if strings.HasPrefix(msg, "Error 1213") || strings.HasPrefix(msg, "Error 1205") {
			return true
		}
	}
	return false
}
