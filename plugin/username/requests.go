package username

import (
	"database/sql"
	"errors"
)

// Request names a username, as typed.
type Request struct {
	Username string `json:"username"`
}

// Validate implements [auth.InputValidator].
func (r Request) Validate() error {
	if r.Username == "" {
		return errors.New("username is required")
	}
	return nil
}

// Availability is the answer of a check: whether the caller could choose
// the username now (it is free, or already theirs).
type Availability struct {
	Username  string `json:"username"`
	Available bool   `json:"available"`
}

// Chosen is the answer of a change: the username as it will be shown.
type Chosen struct {
	Username string `json:"username"`
}

func nullString(s string) sql.Null[string] { return sql.Null[string]{V: s, Valid: s != ""} }
