package oauthtest_test

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"testing"

	"github.com/sesame-go/sesame/internal/jose"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// formPostFields runs a form_post authorization and returns the posted
// fields.
func formPostFields(t *testing.T, p *oauthtest.Provider) url.Values {
	t.Helper()
	resp, body := get(t, p, "/authorize", authParams(p, map[string]string{"response_mode": "form_post"}), nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /authorize(form_post) = %d %s", resp.StatusCode, body)
	}
	fields := url.Values{}
	for _, m := range hidden.FindAllStringSubmatch(body, -1) {
		fields.Set(m[1], m[2])
	}
	return fields
}

// WithAppleUser: the user field with the first form_post authorization
// only, and no name in the ID token or at userinfo.
func TestAppleUser(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk, oauthtest.WithAppleUser())
	first := formPostFields(t, p)
	var u struct {
		Name struct {
			FirstName string `json:"firstName"`
			LastName  string `json:"lastName"`
		} `json:"name"`
		Email string `json:"email"`
	}
	// Apple's documented shape (Sign in with Apple JS, "Handle the
	// response"): html/template escaped the quotes, which the browser
	// undoes.
	if err := json.Unmarshal([]byte(html.UnescapeString(first.Get("user"))), &u); err != nil ||
		u.Name.FirstName != "Ada" || u.Name.LastName != "Lovelace" || u.Email != ada.Email {
		t.Fatalf("first authorization's user field = %q (%v), want Ada Lovelace and her address", first.Get("user"), err)
	}
	if again := formPostFields(t, p); again.Has("user") {
		t.Fatalf("second authorization posted user = %q, want none", again.Get("user"))
	}
	status, tok := postToken(t, p, exchangeForm(first.Get("code")), true)
	if status != http.StatusOK {
		t.Fatalf("POST /token = %d %v", status, tok)
	}
	c, err := verifier(p, clk).Verify(t.Context(), str(tok, "id_token"), testNonce)
	if err != nil || c.Name != "" || c.PreferredUsername != "" || c.Email != ada.Email {
		t.Fatalf("Verify(id_token) = %+v, %v, want the address and no name", c, err)
	}
	_, body := get(t, p, "/userinfo", nil, http.Header{"Authorization": {"Bearer " + str(tok, "access_token")}})
	var info map[string]any
	if json.Unmarshal([]byte(body), &info); info["sub"] != ada.Subject || info["name"] != nil {
		t.Fatalf("GET /userinfo = %s, want the subject and no name", body)
	}
}

// WithMultiTenant: a {tenantid} issuer in the discovery document, and ID
// tokens whose iss names their tid.
func TestMultiTenant(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk, oauthtest.WithMultiTenant())
	p.AddUser(oauthtest.User{Subject: "2002", TenantID: "72f988bf-86f1-41af-91ab-2d7cd011db47"})

	_, body := get(t, p, "/.well-known/openid-configuration", nil, nil)
	var meta map[string]any
	if json.Unmarshal([]byte(body), &meta); meta["issuer"] != p.Issuer()+"/{tenantid}/v2.0" {
		t.Fatalf("discovery issuer = %v, want %s/{tenantid}/v2.0", meta["issuer"], p.Issuer())
	}
	tests := []struct {
		name, subject, tid string
		fault              oauthtest.Fault
		wantIss            string
	}{
		{"default tenant", ada.Subject, oauthtest.DefaultTenantID, 0, oauthtest.DefaultTenantID},
		{"own tenant", "2002", "72f988bf-86f1-41af-91ab-2d7cd011db47", 0, "72f988bf-86f1-41af-91ab-2d7cd011db47"},
		{"mismatch", ada.Subject, oauthtest.DefaultTenantID, oauthtest.TenantMismatch, "other-" + oauthtest.DefaultTenantID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.LogInAs(tt.subject)
			if tt.fault != 0 {
				p.BreakNextIDToken(tt.fault)
			}
			j, err := jose.Parse(str(tokens(t, p), "id_token"))
			if err != nil {
				t.Fatal(err)
			}
			var c struct{ Iss, Tid string }
			if err := json.Unmarshal(j.Payload, &c); err != nil || c.Tid != tt.tid || c.Iss != p.Issuer()+"/"+tt.wantIss+"/v2.0" {
				t.Fatalf("id_token iss %q tid %q, want tid %q and the issuer of %q", c.Iss, c.Tid, tt.tid, tt.wantIss)
			}
		})
	}
}
