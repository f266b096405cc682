package twofactor_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/plugin/twofactor"
)

// A policy that asks for the second factor after password sign-ins, and
// after any sign-in from an address the host's own risk check flags.
func ExampleWithPolicy() {
	risky := func(ip string) bool { return strings.HasPrefix(ip, "203.0.113.") }
	policy := func(ctx context.Context, s twofactor.SignIn) (bool, error) {
		if s.Credential == "password" {
			return true, nil
		}
		return s.Request != nil && s.Request.IP.IsValid() && risky(s.Request.IP.String()), nil
	}
	_ = twofactor.New(twofactor.WithPolicy(policy), twofactor.WithTrustDevice(0))
	for _, credential := range []string{"password", "oauth:github"} {
		need, _ := policy(context.Background(), twofactor.SignIn{Credential: credential})
		fmt.Println(credential, need)
	}
	// Output:
	// password true
	// oauth:github false
}
