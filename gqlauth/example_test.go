package gqlauth_test

import (
	"context"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/gqlauth"
)

// ExampleError shows the GraphQL error of a refused operation: its code,
// HTTP status and, for a rate limit, when to retry.
func ExampleError() {
	e := auth.ErrRateLimited.With(auth.ErrRateLimited.Message)
	e.RetryAfter = 1500 * time.Millisecond
	ge := gqlauth.Error(context.Background(), e)
	fmt.Println(ge.Message, ge.Extensions["code"], ge.Extensions["status"], ge.Extensions["retryAfter"])
	fmt.Println(gqlauth.Code(ge))
	// Output:
	// too many requests rate_limited 429 2
	// rate_limited
}
