package password

import (
	"fmt"
	"time"
)

func plural(format string, n int) string { return fmt.Sprintf(format, n) }

// minutes is a duration in whole minutes, for message texts.
func minutes(d time.Duration) int { return int(d / time.Minute) }
