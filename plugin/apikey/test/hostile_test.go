package test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestHostileKeys presents what no honest client sends as a key, in
// Authorization and in X-API-Key: every one is no signed-in caller (401),
// never a server error, and costs no query unless it has a key's shape.
func TestHostileKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		ada, _ := f.signIn(t, "ada")
		k := create(t, ada, readKey).Key
		flip := func(i int) string {
			b := []byte(k)
			if b[i] == 'a' {
				b[i] = 'b'
			} else {
				b[i] = 'a'
			}
			return string(b)
		}
		hostile := map[string]string{
			"overlong":               k + strings.Repeat("A", 64<<10),
			"a key and more":         k + "0",
			"a key cut short":        k[:len(k)-1],
			"the prefix alone":       "sk_test_",
			"another prefix":         "sk_live_" + k[8:],
			"an upper-case prefix":   "SK_TEST_" + k[8:],
			"a wrong checksum":       flip(len(k) - 1),
			"a changed body":         flip(20),
			"a changed prefix":       "sk_tesu_" + k[8:],
			"not base62":             k[:20] + "-" + k[21:],
			"invalid UTF-8":          k[:20] + "\xff" + k[21:],
			"a look-alike letter":    strings.Replace(k, "s", "ѕ", 1),
			"a key of another shape": forge("sk_test_", strings.Repeat("z", 44))[:len(k)],
		}
		for name, key := range hostile {
			for _, header := range []string{"Authorization", "X-Api-Key"} {
				value := key
				if header == "Authorization" {
					value = "Bearer " + key
				}
				faults.Reset()
				c := authtest.ClientOf(t, f.first.BaseURL())
				res := c.Do(http.MethodGet, "/api/read", nil, http.Header{header: {value}})
				if res.Status >= 500 {
					t.Errorf("%s in %s = %d %s, want no server error", name, header, res.Status, res.Body)
				} else {
					authtest.WantError(t, name+" in "+header, res, http.StatusUnauthorized, "no_session")
				}
				if n := faults.Statements(); n > 1 {
					t.Errorf("%s in %s ran %d statements, want at most the one lookup", name, header, n)
				}
			}
		}
		f.wantWorks(t, "the real key after all that", k, strings.Fields(whoIs(t, ada))[0])
	})
}

// TestHostileInputs runs every operation of the plugin with inputs drawn
// from hostile strings, as Go calls from a fresh session and as server
// calls: none fails with a server error on any engine. A NUL byte, an
// unknown field and a malformed scope are refused over HTTP.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		h := authtest.NewHostile(1, adaID, k.APIKey.ID, "read", "write", "deploy")
		// The routes' operations first: none may touch ada's key; then the
		// server operations, which do what the host asks of any user.
		invoke := func(serverOnly bool) {
			for _, op := range f.keys.Operations() {
				if op.Info().ServerOnly() != serverOnly {
					continue
				}
				for range 40 {
					c, _ := f.signIn(t, "mallory")
					var input any
					_, _, err := op.Invoke(goCtx(c), func(in any) error {
						h.Fill(in)
						input = in
						return nil
					})
					var ae *auth.Error
					if errors.As(err, &ae) && ae.Status >= 500 {
						t.Errorf("%s(%.300s) = %v, want no server error", op.Info().Name, fmt.Sprintf("%+v", input), err)
					}
				}
			}
		}
		invoke(false)
		f.wantWorks(t, "ada's key after mallory's calls", k.Key, adaID)
		invoke(true)
		for _, tc := range []struct{ path, body, code string }{
			{"/auth/api-keys/create", `{"name":"nul\u0000byte"}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"x","scopes":["re ad"]}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"x","scopes":["admin"]}`, "unknown_scope"},
			{"/auth/api-keys/create", `{"name":""}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"` + strings.Repeat("é", 101) + `"}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"x","expiresIn":60}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"x","rateLimit":{"limit":5}}`, "invalid_input"},
			{"/auth/api-keys/create", `{"name":"x","userId":"` + adaID + `"}`, "invalid_json"},
			{"/auth/api-keys/rotate", `{"id":"` + k.APIKey.ID + `","gracePeriod":604801}`, "invalid_input"},
			{"/auth/api-keys/rotate", `{"id":"` + k.APIKey.ID + `","gracePeriod":-1}`, "invalid_input"},
			{"/auth/api-keys/revoke", `{"id":""}`, "invalid_input"},
		} {
			res := ada.Post(tc.path, tc.body)
			if res.Status != http.StatusBadRequest || res.ErrorCode() != tc.code {
				t.Errorf("POST %s %s = %d %s, want 400 %s", tc.path, tc.body, res.Status, res.Body, tc.code)
			}
		}
	})
}
