package test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/pow"
)

// TestHostileProofs: proofs of every wrong shape are refused with a 403,
// never a 500 and never a success, and leave the client's real puzzle
// alive.
func TestHostileProofs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		p := c.puzzle(t, signIn)
		ch := p.Challenge.Reveal()
		good := solve(t, p)
		nonce := strings.TrimPrefix(good, ch+".")
		for _, tt := range []struct {
			name, proof, code string
		}{
			{"overlong", ch + "." + strings.Repeat("a", 5000), "pow_required"}, // dropped by the transport
			{"just under the transport's limit", ch + "." + strings.Repeat("a", 4000), "pow_invalid"},
			{"invalid UTF-8", ch + ".\xff\xfe", "pow_invalid"},
			{"no separator", ch + nonce, "pow_invalid"},
			{"two separators", ch + "." + nonce + ".1", "pow_invalid"},
			{"empty nonce", ch + ".", "pow_invalid"},
			{"nonce of 33", ch + "." + strings.Repeat("1", 33), "pow_invalid"},
			{"short challenge", ch[1:] + "." + nonce, "pow_invalid"},
			{"long challenge", ch + "A." + nonce, "pow_invalid"},
			{"padded challenge", ch + "=." + nonce, "pow_invalid"},
			{"standard base64", strings.ReplaceAll(ch, "-", "+") + "." + nonce + "+", "pow_invalid"},
			{"a space inside", ch + ". " + nonce, "pow_invalid"},
			{"a tab inside", ch + ".\t" + nonce, "pow_invalid"},
			{"only a dot", ".", "pow_invalid"},
			{"the challenge alone", ch, "pow_invalid"},
			{"a SQL fragment", ch + ".' OR 1=1 --", "pow_invalid"},
		} {
			wantError(t, tt.name, c.signIn("ada", tt.proof), http.StatusForbidden, tt.code)
		}
		// Several X-Pow-Proof headers: only the first counts.
		res := c.Do(http.MethodPost, "/auth/authtest/sign-in", map[string]string{"name": "ada"},
			http.Header{"X-Forwarded-For": {c.ip}, pow.Header: {"garbage", good}})
		wantError(t, "a bad first header before a good one", res, http.StatusForbidden, "pow_invalid")
		wantOK(t, "the real proof afterwards", c.signIn("ada", good))
	})
}

// TestHostilePuzzleRequests: bodies of every wrong shape answer 4xx.
func TestHostilePuzzleRequests(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		for _, body := range []string{`{"op":1}`, `{"op":"authtest.signIn","x":1}`, `[]`, `{"op":"\u0000"}`, `{`, `{"op":"authtest.signIn"}{}`} {
			res := c.post("/auth/pow/challenge", body, "")
			if res.Status < 400 || res.Status >= 500 {
				t.Errorf("POST /auth/pow/challenge %s = %d %s, want a 4xx", body, res.Status, res.Body)
			}
		}
	})
}
