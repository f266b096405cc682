package auth

import (
	"errors"
	"time"
)

var testNow = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

func errorsIs(err, target error) bool { return errors.Is(err, target) }
