package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// signIn signs name in with the test plugin's route and returns the answer.
func signIn(tb testing.TB, c *client, name string) authtest.LoginResult {
	tb.Helper()
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
	wantOK(tb, "sign-in of "+name, res)
	var out authtest.LoginResult
	res.Decode(tb, &out)
	if out.User == nil || out.Session == nil || out.User.Name != name || out.Session.UserID != out.User.ID {
		tb.Fatalf("sign-in of %s answered %s, want its user and session", name, res.Body)
	}
	return out
}

// wantOK checks a successful answer of an auth route: 200, JSON, not to
// be cached. It stops the test otherwise, since what follows builds on it.
func wantOK(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	if res.Status != http.StatusOK {
		tb.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	wantHeaders(tb, what, res)
}

// wantHeaders checks the headers every answer of authhttp carries.
func wantHeaders(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		tb.Errorf("%s: Content-Type = %q, want application/json", what, ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		tb.Errorf("%s: Cache-Control = %q, want no-store", what, cc)
	}
}

// wantMe checks that MePath answers 200 with the user and session of in.
func wantMe(tb testing.TB, c *client, in authtest.LoginResult) {
	tb.Helper()
	res := c.Get(MePath)
	if res.Status != http.StatusOK {
		tb.Fatalf("GET %s = %d %s, want 200", MePath, res.Status, res.Body)
	}
	var got MeAnswer
	if err := strictDecode(res.Body, &got); err != nil {
		tb.Fatalf("GET %s = %s, want a MeAnswer: %v", MePath, res.Body, err)
	}
	if want := (MeAnswer{UserID: in.User.ID, Name: in.User.Name, SessionID: in.Session.ID}); got != want {
		tb.Errorf("GET %s = %+v, want %+v", MePath, got, want)
	}
}

// errorBody is the default body of an error answer, exactly.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// wantError checks an error answer: its status, a JSON body of exactly
// {"error":{"code","message"}} with the code and a message, and the
// headers of every answer.
func wantError(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	var body errorBody
	err := strictDecode(res.Body, &body)
	if res.Status != status || err != nil || body.Error.Code != code || body.Error.Message == "" {
		tb.Errorf("%s = %d %s, want %d with code %q", what, res.Status, res.Body, status, code)
	}
	wantHeaders(tb, what, res)
}

// strictDecode decodes one JSON value into v, refusing unknown fields
// and anything after the value.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("conformance: data after the JSON value")
	}
	return nil
}
