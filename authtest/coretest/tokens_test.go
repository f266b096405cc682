package coretest

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// tokenProbe is a test plugin that issues and consumes single-use tokens
// and codes through operations, as a real plugin's would.
type tokenProbe struct {
	issue       *auth.Op[tokenIssue, tokenIssued]
	consume     *auth.Op[tokenUse, auth.Token]
	consumeCode *auth.Op[tokenUse, auth.Token]
	revoke      *auth.Op[tokenUse, int64]
}

// tokenIssue asks for a token, or a code when Digits is set.
type tokenIssue struct {
	Spec   auth.TokenSpec
	Digits int
}

type tokenIssued struct {
	Secret auth.Secret
}

// tokenUse presents a token or a code; revoke uses only Purpose
// and Subject.
type tokenUse struct {
	Purpose     string      `json:"purpose"`
	Subject     string      `json:"subject"`
	Secret      auth.Secret `json:"secret"`
	MaxAttempts int         `json:"maxAttempts"`
}

var _ auth.Plugin = (*tokenProbe)(nil)

func newTokenProbe() *tokenProbe {
	p := &tokenProbe{}
	p.issue = &auth.Op[tokenIssue, tokenIssued]{
		Name: "tokenprobe.issue", Method: http.MethodPost, Path: "/tokenprobe/issue", Writes: true,
		Session: auth.SessionOptional, // a session that asks is recorded with the token
		Handler: func(ctx context.Context, c *auth.Call, in tokenIssue) (tokenIssued, error) {
			var s auth.Secret
			var err error
			if in.Digits > 0 {
				s, err = c.IssueCode(ctx, in.Spec, in.Digits)
			} else {
				s, err = c.IssueToken(ctx, in.Spec)
			}
			return tokenIssued{s}, err
		},
	}
	p.consume = &auth.Op[tokenUse, auth.Token]{
		Name: "tokenprobe.consume", Method: http.MethodPost, Path: "/tokenprobe/consume", Writes: true,
		Codes: []*auth.Error{auth.ErrTokenInvalid},
		Handler: func(ctx context.Context, c *auth.Call, in tokenUse) (auth.Token, error) {
			t, err := c.ConsumeToken(ctx, in.Purpose, in.Secret)
			if err != nil {
				return auth.Token{}, err
			}
			return *t, nil
		},
	}
	p.consumeCode = &auth.Op[tokenUse, auth.Token]{
		Name: "tokenprobe.consumeCode", Method: http.MethodPost, Path: "/tokenprobe/consume-code", Writes: true,
		Codes: []*auth.Error{auth.ErrCodeInvalid, auth.ErrTooManyAttempts},
		Handler: func(ctx context.Context, c *auth.Call, in tokenUse) (auth.Token, error) {
			t, err := c.ConsumeCode(ctx, in.Purpose, in.Subject, in.Secret, in.MaxAttempts)
			if err != nil {
				return auth.Token{}, err
			}
			return *t, nil
		},
	}
	p.revoke = &auth.Op[tokenUse, int64]{
		Name: "tokenprobe.revoke", Method: http.MethodPost, Path: "/tokenprobe/revoke", Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, in tokenUse) (int64, error) {
			return c.RevokeTokens(ctx, in.Purpose, in.Subject)
		},
	}
	return p
}

func (p *tokenProbe) Name() string { return "tokenprobe" }
func (p *tokenProbe) Operations() []auth.Operation {
	return []auth.Operation{p.issue, p.consume, p.consumeCode, p.revoke}
}

// tokenFixture is an instance with the token probe and a settable clock.
type tokenFixture struct {
	a     *auth.Auth
	p     *tokenProbe
	clock *authtest.Clock
	c     *authtest.Client
}

func newTokenFixture(tb testing.TB, e *authtest.Engine) *tokenFixture {
	tb.Helper()
	f := &tokenFixture{p: newTokenProbe(), clock: authtest.NewClock(start)}
	f.a = authtest.NewAuth(tb, e, auth.WithClock(f.clock.Now), auth.WithPlugins(f.p))
	f.c = authtest.NewClient(tb, authhttp.Handler(f.a))
	return f
}

// token issues a token, failing the test on error.
func (f *tokenFixture) token(tb testing.TB, spec auth.TokenSpec) auth.Secret {
	tb.Helper()
	out, err := f.p.issue.Run(context.Background(), tokenIssue{Spec: spec})
	if err != nil {
		tb.Fatalf("IssueToken(%+v) = %v", spec, err)
	}
	return out.Secret
}

// code issues a code, failing the test on error.
func (f *tokenFixture) code(tb testing.TB, spec auth.TokenSpec, digits int) auth.Secret {
	tb.Helper()
	out, err := f.p.issue.Run(context.Background(), tokenIssue{Spec: spec, Digits: digits})
	if err != nil {
		tb.Fatalf("IssueCode(%+v, %d) = %v", spec, digits, err)
	}
	return out.Secret
}

func (f *tokenFixture) consumeToken(purpose string, token auth.Secret) (auth.Token, error) {
	return f.p.consume.Run(context.Background(), tokenUse{Purpose: purpose, Secret: token})
}

func (f *tokenFixture) consumeCode(purpose, subject string, code auth.Secret, maxAttempts int) (auth.Token, error) {
	return f.p.consumeCode.Run(context.Background(),
		tokenUse{Purpose: purpose, Subject: subject, Secret: code, MaxAttempts: maxAttempts})
}

// attempts returns the attempt counter of the subject's one code.
func (f *tokenFixture) attempts(tb testing.TB, subject string) int64 {
	tb.Helper()
	var n int64
	err := f.a.DB().One(context.Background(), sqlb.Select(auth.TokenAttempts.Into(&n)).From(auth.Tokens).
		Where(auth.TokenSubject.Eq(subject)))
	if err != nil {
		tb.Fatalf("select the attempts of %q: %v", subject, err)
	}
	return n
}

// wrongCodeOf returns code with its last digit changed.
func wrongCodeOf(code auth.Secret) auth.Secret {
	s := []byte(code.Reveal())
	s[len(s)-1] = '0' + (s[len(s)-1]-'0'+1)%10
	return auth.NewSecret(string(s))
}

// TestTokenRace proves exactly one of 50 simultaneous consumers of a token
// wins, on every engine, and the others get ErrTokenInvalid.
func TestTokenRace(t *testing.T) {
	const consumers = 50
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		spec := auth.TokenSpec{Purpose: "reset", Subject: "ada", Data: `{"n":1}`, TTL: time.Hour}
		token := f.token(t, spec)
		begin := make(chan struct{})
		results := make([]auth.Token, consumers)
		errs := make([]error, consumers)
		var wg sync.WaitGroup
		for i := range consumers {
			wg.Go(func() {
				<-begin
				results[i], errs[i] = f.consumeToken("reset", token)
			})
		}
		close(begin)
		wg.Wait()
		wins := 0
		for i, err := range errs {
			switch {
			case err == nil:
				wins++
				if got := results[i]; got.Purpose != spec.Purpose || got.Subject != spec.Subject || got.Data != spec.Data {
					t.Errorf("ConsumeToken(%q) = %+v, want the token of %+v", "reset", got, spec)
				}
			case !errors.Is(err, auth.ErrTokenInvalid):
				t.Errorf("ConsumeToken(%q) = %v, want nil or %v", "reset", err, auth.ErrTokenInvalid)
			}
		}
		if wins != 1 {
			t.Errorf("%d of %d simultaneous consumers won, want 1", wins, consumers)
		}
	})
}

// TestTokenConsume proves a consumed token carries what was issued with
// it, with times read back as written.
func TestTokenConsume(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		f.clock.Advance(1234567 * time.Microsecond)
		issuedAt := f.clock.Now()
		token := f.token(t, auth.TokenSpec{Purpose: "verify", Subject: "ada@example.com", Data: "d", TTL: 90 * time.Minute})
		if len(token.Reveal()) != 43 {
			t.Errorf("IssueToken returned %d characters, want 43", len(token.Reveal()))
		}
		f.clock.Advance(89 * time.Minute)
		got, err := f.consumeToken("verify", token)
		if err != nil {
			t.Fatalf("ConsumeToken(%q) = %v, want nil", "verify", err)
		}
		if got.ID == "" || got.Purpose != "verify" || got.Subject != "ada@example.com" || got.Data != "d" ||
			!got.CreatedAt.Equal(issuedAt) || !got.ExpiresAt.Equal(issuedAt.Add(90*time.Minute)) {
			t.Errorf("ConsumeToken(%q) = %+v, want the token issued at %v for 90m", "verify", got, issuedAt)
		}
	})
}

// TestTokenInvalid proves every unusable token fails alike, as
// ErrTokenInvalid from Go and as the same answer over HTTP: unknown,
// malformed, used, expired, of another purpose, replaced or revoked.
func TestTokenInvalid(t *testing.T) {
	spec := func(subject string) auth.TokenSpec {
		return auth.TokenSpec{Purpose: "reset", Subject: subject, TTL: 10 * time.Minute}
	}
	tests := []struct {
		name    string
		purpose string
		setup   func(t *testing.T, f *tokenFixture) auth.Secret // returns the token to present
	}{
		{"unknown", "reset", func(*testing.T, *tokenFixture) auth.Secret {
			return auth.NewSecret(strings.Repeat("A", 43))
		}},
		{"malformed", "reset", func(*testing.T, *tokenFixture) auth.Secret { return auth.NewSecret("short") }},
		{"empty", "reset", func(*testing.T, *tokenFixture) auth.Secret { return auth.Secret{} }},
		{"consumed", "reset", func(t *testing.T, f *tokenFixture) auth.Secret {
			tok := f.token(t, spec("consumed"))
			if _, err := f.consumeToken("reset", tok); err != nil {
				t.Fatalf("first ConsumeToken = %v, want nil", err)
			}
			return tok
		}},
		{"expired", "reset", func(t *testing.T, f *tokenFixture) auth.Secret {
			tok := f.token(t, spec("expired"))
			f.clock.Advance(10 * time.Minute) // the expiry itself is past
			return tok
		}},
		{"other purpose", "verify", func(t *testing.T, f *tokenFixture) auth.Secret {
			return f.token(t, spec("purpose"))
		}},
		{"replaced", "reset", func(t *testing.T, f *tokenFixture) auth.Secret {
			old := f.token(t, spec("replaced"))
			s := spec("replaced")
			s.ReplacePrevious = true
			f.token(t, s)
			return old
		}},
		{"revoked", "reset", func(t *testing.T, f *tokenFixture) auth.Secret {
			tok := f.token(t, spec("revoked"))
			n, err := f.p.revoke.Run(context.Background(), tokenUse{Purpose: "reset", Subject: "revoked"})
			if err != nil || n != 1 {
				t.Fatalf("RevokeTokens(%q, %q) = %d, %v; want 1, nil", "reset", "revoked", n, err)
			}
			return tok
		}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		var first *authtest.Response
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tok := tt.setup(t, f)
				_, err := f.consumeToken(tt.purpose, tok)
				var got *auth.Error
				if !errors.As(err, &got) || *got != *auth.ErrTokenInvalid {
					t.Errorf("ConsumeToken(%q) = %#v, want exactly %#v", tt.purpose, err, auth.ErrTokenInvalid)
				}
				res := f.c.Post("/auth/tokenprobe/consume", map[string]string{"purpose": tt.purpose, "secret": tok.Reveal()})
				wantError(t, "POST consume", res, http.StatusBadRequest, auth.ErrTokenInvalid.Code)
				if first == nil {
					first = res
				} else if !bytes.Equal(res.Body, first.Body) {
					t.Errorf("POST consume = %s, want the same answer as for an unknown token, %s", res.Body, first.Body)
				}
			})
		}
	})
}

// TestTokenReplacePrevious proves ReplacePrevious invalidates the
// subject's earlier tokens of the purpose, and only those.
func TestTokenReplacePrevious(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		spec := func(purpose, subject string, replace bool) auth.TokenSpec {
			return auth.TokenSpec{Purpose: purpose, Subject: subject, TTL: time.Hour, ReplacePrevious: replace}
		}
		first := f.token(t, spec("reset", "ada", false))
		second := f.token(t, spec("reset", "ada", false)) // without the flag both live
		otherSubject := f.token(t, spec("reset", "bob", false))
		otherPurpose := f.token(t, spec("verify", "ada", false))
		newest := f.token(t, spec("reset", "ada", true))
		for _, tt := range []struct {
			name    string
			purpose string
			token   auth.Secret
			want    error
		}{
			{"first", "reset", first, auth.ErrTokenInvalid},
			{"second", "reset", second, auth.ErrTokenInvalid},
			{"newest", "reset", newest, nil},
			{"another subject's", "reset", otherSubject, nil},
			{"another purpose's", "verify", otherPurpose, nil},
		} {
			if _, err := f.consumeToken(tt.purpose, tt.token); !errors.Is(err, tt.want) {
				t.Errorf("ConsumeToken(%q) of the %s token = %v, want %v", tt.purpose, tt.name, err, tt.want)
			}
		}
	})
}

// TestCodes proves codes: the right one works once; a wrong one fails
// with ErrCodeInvalid and its attempt is counted and kept although the
// operation failed; after maxAttempts even the right one gets
// ErrTooManyAttempts; an expired one is invalid.
func TestCodes(t *testing.T) {
	const maxAttempts = 3
	type try struct {
		right        bool
		want         error
		wantAttempts int64
	}
	tests := []struct {
		name    string
		advance time.Duration // before the tries
		tries   []try
	}{
		{"right once", 0, []try{
			{true, nil, 1},
			{true, auth.ErrCodeInvalid, 1},
		}},
		{"wrong until locked", 0, []try{
			{false, auth.ErrCodeInvalid, 1},
			{false, auth.ErrCodeInvalid, 2},
			{false, auth.ErrCodeInvalid, 3},
			{true, auth.ErrTooManyAttempts, 3},
			{false, auth.ErrTooManyAttempts, 3},
		}},
		{"right on the last attempt", 0, []try{
			{false, auth.ErrCodeInvalid, 1},
			{false, auth.ErrCodeInvalid, 2},
			{true, nil, 3},
		}},
		{"expired", 15 * time.Minute, []try{
			{true, auth.ErrCodeInvalid, 0},
		}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				subject := tt.name
				code := f.code(t, auth.TokenSpec{Purpose: "sign-in", Subject: subject, Data: "x", TTL: 15 * time.Minute}, 6)
				if s := code.Reveal(); len(s) != 6 || strings.Trim(s, "0123456789") != "" {
					t.Fatalf("IssueCode(6) = %q, want six digits", s)
				}
				f.clock.Advance(tt.advance)
				for i, tr := range tt.tries {
					c := code
					if !tr.right {
						c = wrongCodeOf(code)
					}
					got, err := f.consumeCode("sign-in", subject, c, maxAttempts)
					if !errors.Is(err, tr.want) || (tr.want == nil && err != nil) {
						t.Errorf("try %d: ConsumeCode(right %v) = %v, want %v", i+1, tr.right, err, tr.want)
					}
					if err == nil && (got.Subject != subject || got.Data != "x") {
						t.Errorf("try %d: ConsumeCode = %+v, want the code of %q", i+1, got, subject)
					}
					if n := f.attempts(t, subject); n != tr.wantAttempts {
						t.Errorf("try %d: attempts = %d, want %d", i+1, n, tr.wantAttempts)
					}
				}
			})
		}
		t.Run("digits", func(t *testing.T) {
			for _, d := range []int{3, 13} {
				_, err := f.p.issue.Run(context.Background(), tokenIssue{Spec: auth.TokenSpec{Purpose: "p", TTL: time.Minute}, Digits: d})
				if !errors.Is(err, auth.ErrInternal) {
					t.Errorf("IssueCode(%d digits) = %v, want %v", d, err, auth.ErrInternal)
				}
			}
			for range 20 {
				c := f.code(t, auth.TokenSpec{Purpose: "p", Subject: "digits", TTL: time.Minute}, 4).Reveal()
				if len(c) != 4 || strings.Trim(c, "0123456789") != "" {
					t.Fatalf("IssueCode(4) = %q, want four digits", c)
				}
			}
		})
	})
}

// TestCodeGuessRace proves that 50 simultaneous guesses compare at most
// maxAttempts of them, on every engine, and that of 50 simultaneous right
// guesses exactly one wins.
func TestCodeGuessRace(t *testing.T) {
	const guessers, maxAttempts = 50, 5
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		for _, tt := range []struct {
			name  string
			right bool
		}{{"wrong", false}, {"right", true}} {
			t.Run(tt.name, func(t *testing.T) {
				code := f.code(t, auth.TokenSpec{Purpose: "sign-in", Subject: tt.name, TTL: time.Hour}, 6)
				if !tt.right {
					code = wrongCodeOf(code)
				}
				begin := make(chan struct{})
				errs := make([]error, guessers)
				var wg sync.WaitGroup
				for i := range guessers {
					wg.Go(func() {
						<-begin
						_, errs[i] = f.consumeCode("sign-in", tt.name, code, maxAttempts)
					})
				}
				close(begin)
				wg.Wait()
				var wins, invalid, locked int
				for _, err := range errs {
					switch {
					case err == nil:
						wins++
					case errors.Is(err, auth.ErrCodeInvalid):
						invalid++
					case errors.Is(err, auth.ErrTooManyAttempts):
						locked++
					default:
						t.Errorf("ConsumeCode = %v, want nil, %v or %v", err, auth.ErrCodeInvalid, auth.ErrTooManyAttempts)
					}
				}
				n := f.attempts(t, tt.name)
				if !tt.right && (n != maxAttempts || invalid != maxAttempts || locked != guessers-maxAttempts) {
					t.Errorf("wrong guesses: attempts %d, %d invalid, %d locked; want %d, %d and %d",
						n, invalid, locked, maxAttempts, maxAttempts, guessers-maxAttempts)
				}
				// Guesses that come after the win find no live code and are
				// not counted; so the count is at most maxAttempts.
				if tt.right && (wins != 1 || n < 1 || n > maxAttempts) {
					t.Errorf("right guesses: %d won, attempts %d; want 1 winner and 1 to %d attempts", wins, n, maxAttempts)
				}
			})
		}
	})
}

// TestSignOutEndsItsTokens: the tokens a session asked for end with it,
// when it signs out as when it is revoked; another session's stay.
func TestSignOutEndsItsTokens(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newTokenFixture(t, e)
		ctx := context.Background()
		signIn := func() (auth.Secret, string) {
			c := authtest.NewClient(t, authhttp.Handler(f.a))
			c.Bearer = true
			res := authtest.SignIn(t, c, "/auth", "ada")
			return auth.NewSecret(c.Token), res.User.ID
		}
		a, uid := signIn()
		b, _ := signIn()
		issue := func(token auth.Secret, subject string) auth.Secret {
			out, err := f.p.issue.Run(auth.WithSessionToken(ctx, token), tokenIssue{Spec: auth.TokenSpec{Purpose: "change",
				Subject: subject, TTL: time.Hour, UserID: uid}})
			if err != nil {
				t.Fatal(err)
			}
			return out.Secret
		}
		mine, theirs := issue(a, "mine"), issue(b, "theirs")
		if err := f.a.SignOut(auth.WithSessionToken(ctx, a)); err != nil {
			t.Fatal(err)
		}
		if _, err := f.p.consume.Run(ctx, tokenUse{Purpose: "change", Secret: mine}); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Errorf("a token of a signed-out session = %v, want %v", err, auth.ErrTokenInvalid)
		}
		if _, err := f.p.consume.Run(ctx, tokenUse{Purpose: "change", Secret: theirs}); err != nil {
			t.Errorf("another session's token after the sign-out = %v, want it alive", err)
		}
	})
}
