package test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSingleUseRace: one code posted by 20 concurrent requests signs in
// exactly once; a sign-up code raced likewise makes exactly one account;
// a verification code verifies once.
func TestSingleUseRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		race := func(t *testing.T, path, body string, header http.Header) int {
			t.Helper()
			const n = 20
			var wg sync.WaitGroup
			var mu sync.Mutex
			wins := 0
			gun := make(chan struct{})
			for range n {
				wg.Go(func() {
					<-gun
					req, _ := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewBufferString(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Origin", "http://sesame.test")
					for k, v := range header {
						req.Header[k] = v
					}
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					res.Body.Close()
					mu.Lock()
					defer mu.Unlock()
					switch res.StatusCode {
					case http.StatusOK:
						wins++
					case http.StatusBadRequest, http.StatusTooManyRequests:
						// invalid_code, or too_many_attempts for a loser whose
						// attempt came after the winner used the code up
					default:
						t.Errorf("POST %s = %d, want 200, 400 or 429", path, res.StatusCode)
					}
				})
			}
			close(gun)
			wg.Wait()
			return wins
		}
		c := f.client(t)
		mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": ada}, http.StatusOK)
		code := f.sms.code(t, ada, phone.PurposeSignUp)
		if wins := race(t, "/auth/phone/code/sign-in", `{"phone":"`+ada+`","code":"`+code+`"}`, nil); wins != 1 {
			t.Errorf("sign-up: %d requests signed in with one code, want 1", wins)
		}
		if n := accounts(t, f); n != 1 {
			t.Errorf("%d accounts after the sign-up race, want 1", n)
		}
		mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": ada}, http.StatusOK)
		code = f.sms.code(t, ada, phone.PurposeSignIn)
		if wins := race(t, "/auth/phone/code/sign-in", `{"phone":"`+ada+`","code":"`+code+`"}`, nil); wins != 1 {
			t.Errorf("sign-in: %d requests signed in with one code, want 1", wins)
		}
		mustPost(t, c, "/auth/phone/code/sign-in", map[string]string{"phone": ada, "code": f.sms.code(t, ada, phone.PurposeSignUp)}, http.StatusBadRequest)
		// A signed-in session to add a number with.
		mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": ada}, http.StatusOK)
		mustPost(t, c, "/auth/phone/code/sign-in", map[string]string{"phone": ada, "code": f.sms.code(t, ada, phone.PurposeSignIn)}, http.StatusOK)
		mustPost(t, c, "/auth/phone/add", map[string]string{"phone": ada2}, http.StatusOK)
		code = f.sms.code(t, ada2, phone.PurposeVerify)
		bearer := http.Header{"Authorization": {"Bearer " + c.Token}, "Auth-Token-Mode": {"bearer"}}
		if wins := race(t, "/auth/phone/verify", `{"phone":"`+ada2+`","code":"`+code+`"}`, bearer); wins != 1 {
			t.Errorf("verify: %d requests verified with one code, want 1", wins)
		}
		if n := f.sms.count(ada, phone.PurposeAdded); n != 1 {
			t.Errorf("%d notices of the added number, want 1", n)
		}
	})
}

// accounts counts the users of an instance.
func accounts(t *testing.T, f *fixture) int {
	t.Helper()
	var id string
	n := 0
	if err := f.a.DB().All(t.Context(), sqlb.Select(auth.UserID.Into(&id)).From(auth.Users), func() error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}
