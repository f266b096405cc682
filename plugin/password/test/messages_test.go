package test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestMessagesSayWithin: the verification and reset messages say how long
// their link works as people say it, not in minutes.
func TestMessagesSayWithin(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, password.WithResetTTL(2*24*time.Hour))
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse")}); err != nil {
			t.Fatalf("SignUp = %v", err)
		}
		if err := f.pw.Forgot(ctx, "ada@example.com"); err != nil {
			t.Fatalf("Forgot = %v", err)
		}
		for _, tt := range []struct{ purpose, want string }{
			{email.PurposeVerify, "within 24 hours:"},
			{password.PurposeReset, "within 2 days to choose a new password"},
		} {
			if text := f.mail.Last(t, "ada@example.com", tt.purpose).Text; !strings.Contains(text, tt.want) {
				t.Errorf("the %s message says\n%s\nwant %q", tt.purpose, text, tt.want)
			}
		}
	})
}
