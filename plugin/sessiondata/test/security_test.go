package test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/sessiondata"
)

// TestLimitsHoldUnderConcurrency: 20 sets of new keys at once in a
// session with room for 5 store exactly 5; a value past the size limit
// is refused; replacing a key of a full session is allowed.
func TestLimitsHoldUnderConcurrency(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []sessiondata.Option{sessiondata.WithMaxKeys(5), sessiondata.WithMaxValue(100)})
		c, _ := f.signIn(t, "ada")
		const n = 20
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for i := range n {
			wg.Go(func() {
				cc := authtest.ClientOf(t, f.first.BaseURL())
				cc.Bearer, cc.Token = true, c.Token
				res := set(cc, fmt.Sprintf("k%d", i), `true`)
				mu.Lock()
				codes[res.Status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[http.StatusOK] != 5 || codes[http.StatusConflict] != n-5 {
			t.Errorf("answers = %v, want 5 stored and %d refused as full", codes, n-5)
		}
		var all sessiondata.ValueSet
		mustOK(t, "list", c.Get("/auth/session-data/all")).Decode(t, &all)
		if len(all.Values) != 5 {
			t.Errorf("the session holds %d values, want 5", len(all.Values))
		}
		for k := range all.Values {
			mustOK(t, "replace in a full session", set(c, k, `false`))
			break
		}
		wantError(t, "a value too large", set(c, "k0", `"`+strings.Repeat("x", 100)+`"`), http.StatusRequestEntityTooLarge, sessiondata.ErrValueTooLarge.Code)
	})
}
