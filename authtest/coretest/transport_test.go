package coretest

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// probe is a plugin whose operations echo what the transport decoded:
// path wildcards, query parameters, form bodies, and a redirect.
type probe struct{ ops []auth.Operation }

type probeIn struct {
	Name  string `json:"name"`
	Code  string `json:"code"`
	State string `json:"state"`
	Go    string `json:"go"`
}

func newProbe() *probe {
	echo := func(_ context.Context, c *auth.Call, in probeIn) (probeIn, error) {
		if in.Go != "" {
			c.Redirect(in.Go)
		}
		if v, ok := c.Request().Cookies["probe"]; ok {
			c.SetCookie(&http.Cookie{Name: "probe_seen", Value: v.Reveal(), HttpOnly: true})
		}
		return in, nil
	}
	return &probe{ops: []auth.Operation{
		&auth.Op[probeIn, probeIn]{Name: "probe.get", Method: http.MethodGet, Path: "/probe/{name}/callback", Handler: echo},
		&auth.Op[probeIn, probeIn]{Name: "probe.post", Method: http.MethodPost, Path: "/probe/{name}/callback", Form: true, Handler: echo},
		&auth.Op[probeIn, probeIn]{Name: "probe.json", Method: http.MethodPost, Path: "/probe/{name}/json", Handler: echo},
	}}
}

func (p *probe) Name() string                 { return "probe" }
func (p *probe) Operations() []auth.Operation { return p.ops }

// TestTransportDecoding: GET inputs come from the query (unknown
// parameters ignored), wildcards from the path (they win), form bodies
// only where an operation accepts them, and redirects answer 302 or 303.
func TestTransportDecoding(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithPlugins(newProbe()))
		var got probeIn
		res := f.c.Get("/auth/probe/github/callback?code=abc&state=xyz&scope=openid+email&name=spoofed")
		res.Decode(t, &got)
		if res.Status != http.StatusOK || got != (probeIn{Name: "github", Code: "abc", State: "xyz"}) {
			t.Errorf("GET callback = %d %+v, want the query and the path's name", res.Status, got)
		}
		res = f.c.Do(http.MethodGet, "/auth/probe/github/callback", nil, http.Header{"Cookie": {"probe=p1; other=o"}})
		if c := res.Header.Get("Set-Cookie"); !strings.Contains(c, "probe_seen=p1") || !strings.Contains(c, "HttpOnly") {
			t.Errorf("the operation's cookie = %q, want probe_seen=p1, HttpOnly", c)
		}
		if res := f.c.Do(http.MethodHead, "/auth/probe/github/callback?code=1", nil, nil); res.Status != http.StatusOK || len(res.Body) != 0 {
			t.Errorf("HEAD = %d with %d bytes, want 200 and no body", res.Status, len(res.Body))
		}

		form := url.Values{"code": {"c1"}, "state": {"s1"}, "user": {`{"name":"x"}`}}.Encode()
		res = f.c.Do(http.MethodPost, "/auth/probe/apple/callback", form, http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
		got = probeIn{}
		res.Decode(t, &got)
		if res.Status != http.StatusOK || got != (probeIn{Name: "apple", Code: "c1", State: "s1"}) {
			t.Errorf("form POST = %d %s", res.Status, res.Body)
		}
		res = f.c.Do(http.MethodPost, "/auth/probe/apple/json", form, http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
		wantError(t, "a form to a JSON-only operation", res, http.StatusUnsupportedMediaType, "unsupported_media_type")

		res = f.c.Post("/auth/probe/gitlab/json", map[string]string{"code": "j", "name": "ignored"})
		got = probeIn{}
		res.Decode(t, &got)
		if got.Name != "gitlab" || got.Code != "j" {
			t.Errorf("JSON POST = %+v, want the path's name to win", got)
		}

		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for _, tt := range []struct {
			method, query, body string
			status              int
		}{
			{http.MethodGet, "?go=/welcome", "", http.StatusFound},
			{http.MethodPost, "", "go=/welcome", http.StatusSeeOther},
		} {
			req, _ := http.NewRequest(tt.method, f.c.BaseURL()+"/auth/probe/x/callback"+tt.query, strings.NewReader(tt.body))
			req.Header.Set("Origin", "http://sesame.test")
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r, err := noFollow.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if r.StatusCode != tt.status || r.Header.Get("Location") != "/welcome" || r.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("%s redirect = %d to %q (Cache-Control %q), want %d to /welcome", tt.method, r.StatusCode,
					r.Header.Get("Location"), r.Header.Get("Cache-Control"), tt.status)
			}
		}
	})
}
