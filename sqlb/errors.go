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
