package oauth

import (
	"context"
	"github.com/sesame-go/sesame/auth"
	"testing"
	"time"
)

type nopFlow struct{}

func (nopFlow) AuthURL(context.Context, AuthRequest) (string, error) { return "", nil }
func (nopFlow) Exchange(context.Context, ExchangeRequest) (Token, UserInfo, error) {
	return Token{}, UserInfo{}, nil
}

func TestCustomCheck(t *testing.T) {
	tests := []struct {
		name    string
		p       *Provider
		wantErr bool
	}{
		{"a flow", Custom("goth-github", nopFlow{}), false},
		{"no flow", Custom("x", nil), true},
		{"bad name", Custom("GitHub", nopFlow{}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.p.check(); (err != nil) != tt.wantErr {
				t.Errorf("check() = %v, want error %v", err, tt.wantErr)
			}
		})
	}
}

func TestTokenResponse(t *testing.T) {
	now := time.Unix(1000, 0)
	tests := []struct {
		expiry time.Time
		want   int64
	}{
		{time.Time{}, 0}, {now.Add(time.Hour), 3600}, {now.Add(-time.Hour), 1}, {now.Add(1500 * time.Millisecond), 1},
	}
	for _, tt := range tests {
		if got := (Token{AccessToken: auth.NewSecret("a"), Expiry: tt.expiry}).response(now).ExpiresIn; got != tt.want {
			t.Errorf("Token{Expiry: %v}.response(%v).ExpiresIn = %d, want %d", tt.expiry, now, got, tt.want)
		}
	}
}
