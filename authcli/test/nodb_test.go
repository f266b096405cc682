package test

import (
	"context"
	"database/sql/driver"
	"errors"
)

// noDatabase is a connector that never connects.
type noDatabase struct{}

func (noDatabase) Connect(context.Context) (driver.Conn, error) {
	return nil, errors.New("surfaces test: no database to connect to")
}
func (noDatabase) Driver() driver.Driver { return nil }
