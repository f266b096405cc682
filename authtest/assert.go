package authtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
)

// SignIn signs name in with the [Login] plugin's route under prefix
// ("/auth") and returns the answer, failing the test unless it is a
// sign-in of name.
func SignIn(tb testing.TB, c *Client, prefix, name string) LoginResult {
	tb.Helper()
	res := c.Post(prefix+"/authtest/sign-in", map[string]string{"name": name})
	if res.Status != http.StatusOK {
		tb.Fatalf("sign in %s = %d %s, want 200", name, res.Status, res.Body)
	}
	var out LoginResult
	res.Decode(tb, &out)
	if out.User == nil || out.Session == nil || out.User.Name != name {
		tb.Fatalf("sign in %s answered %s", name, res.Body)
	}
	return out
}

// WantError checks an error answer as authhttp writes it: the status, a
// body of exactly {"error":{"code","message"}} with the code and a
// message, Content-Type application/json and Cache-Control no-store.
func WantError(tb testing.TB, what string, res *Response, status int, code string) {
	tb.Helper()
	var body struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	err := StrictDecode(res.Body, &body)
	if res.Status != status || err != nil || body.Error.Code != code || body.Error.Message == "" {
		tb.Errorf("%s = %d %s, want %d with code %q", what, res.Status, res.Body, status, code)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		tb.Errorf("%s: Content-Type = %q, want application/json", what, ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		tb.Errorf("%s: Cache-Control = %q, want no-store", what, cc)
	}
}

// StrictDecode decodes exactly one JSON value into v, refusing unknown
// fields and anything after the value.
func StrictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("authtest: data after the JSON value")
	}
	return nil
}
