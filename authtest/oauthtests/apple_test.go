package oauthtests

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

const (
	appleClientID = "com.example.web"
	appleTeamID   = "TEAM123456"
	appleKeyID    = "KEY7890AB"
)

// newAppleFixture is newFixture's instance with the Apple preset, pointed
// at a test provider that plays Sign in with Apple: it authenticates the
// client by the client-secret JWT signed with the returned key, answers
// with form_post, and sends the name only in the first authorization's
// user field.
func newAppleFixture(t *testing.T, e *authtest.Engine, key *ecdsa.PrivateKey, verifyWith *ecdsa.PublicKey) (*fixture, *oauthtest.Provider) {
	t.Helper()
	apple := oauthtest.NewProvider(t, oauthtest.WithClient(appleClientID, ""), oauthtest.WithAppleUser(),
		oauthtest.WithClientSecretJWT(verifyWith, appleTeamID, appleKeyID), oauthtest.WithRedirectURI(callbackOf("apple")))
	f := newFixture(t, e, setup{providers: []*oauth.Provider{
		oauth.Apple(appleClientID, appleTeamID, appleKeyID, key, oauth.WithIssuer(apple.Issuer())),
	}})
	return f, apple
}

func newAppleKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// appleSignIn runs a sign-in with the Apple preset in b up to the GET
// callback, and returns the fields the provider's page posted and where
// the callback sent the browser.
func appleSignIn(t *testing.T, b *browser, apple *oauthtest.Provider) (url.Values, answer) {
	t.Helper()
	res := b.get("/auth/oauth/apple/start")
	if res.status != http.StatusFound {
		t.Fatalf("GET apple start = %d %s, want 302", res.status, res.body)
	}
	authURL, err := url.Parse(res.location)
	if err != nil {
		t.Fatal(err)
	}
	if q := authURL.Query(); q.Get("response_mode") != "form_post" || q.Get("scope") != "openid name email" {
		t.Fatalf("authorization request %v, want response_mode=form_post and scope openid name email", q)
	}
	fields, posted := b.formPost(res.location, apple.Issuer())
	if posted.status != http.StatusSeeOther {
		t.Fatalf("form post = %d %s, want 303 to the GET callback", posted.status, posted.body)
	}
	return fields, b.get(posted.location)
}

// TestApple runs the Apple preset through whole sign-ins over HTTP: the
// form_post answer, the client-secret JWT at the token endpoint, and the
// name Apple sends only with the first authorization.
func TestApple(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		key := newAppleKey(t)
		f, apple := newAppleFixture(t, e, key, &key.PublicKey)
		apple.AddUser(oauthtest.User{Subject: "001234.abcdef", Email: "ada@privaterelay.appleid.com", EmailVerified: true,
			Name: "Ada Lovelace"})
		apple.LogInAs("001234.abcdef")

		// The first sign-in: the name comes from the posted user field.
		b := f.browser(t)
		fields, res := appleSignIn(t, b, apple)
		if fields.Get("user") == "" {
			t.Fatalf("first authorization posted %v, want a user field", fields)
		}
		if res.status != http.StatusFound || res.location != "/" {
			t.Fatalf("callback = %d %q %s, want 302 /", res.status, res.location, res.body)
		}
		u := b.user()
		if u == nil || u["name"] != "Ada Lovelace" || u["primaryEmail"] != "ada@privaterelay.appleid.com" || u["emailVerifiedAt"] == nil {
			t.Fatalf("user after Apple sign-in = %v, want Ada Lovelace with her verified relay address", u)
		}
		id := u["id"]

		// The token request carried a client-secret JWT in the body
		// (client_secret_post), never a fixed secret or Basic.
		var tokenReqs int
		for _, r := range apple.Requests() {
			if r.Path != "/token" {
				continue
			}
			tokenReqs++
			if r.PostForm.Get("client_id") != appleClientID || strings.Count(r.PostForm.Get("client_secret"), ".") != 2 ||
				r.Header.Get("Authorization") != "" {
				t.Fatalf("token request form %v, Authorization %q, want client_id and a JWT client_secret in the body",
					r.PostForm, r.Header.Get("Authorization"))
			}
		}
		if tokenReqs != 1 {
			t.Fatalf("%d token requests, want 1", tokenReqs)
		}

		// A later sign-in, in another browser: no user field, the same
		// person, whose name and account details stay.
		b2 := f.browser(t)
		fields, res = appleSignIn(t, b2, apple)
		if fields.Has("user") {
			t.Fatalf("second authorization posted a user field: %v", fields)
		}
		if res.status != http.StatusFound {
			t.Fatalf("second callback = %d %s, want 302", res.status, res.body)
		}
		if u := b2.user(); u["id"] != id || u["name"] != "Ada Lovelace" {
			t.Fatalf("second sign-in user = %v, want Ada Lovelace %v", u, id)
		}
		accts := b2.accounts()
		if len(accts) != 1 || accts[0].Provider != "apple" || accts[0].Subject != "001234.abcdef" || accts[0].Name != "Ada Lovelace" {
			t.Fatalf("accounts = %+v, want the apple account with the first sign-in's name", accts)
		}
		if n := count(t, e, "auth_user"); n != 1 {
			t.Fatalf("%d users, want 1", n)
		}
	})
}

// TestAppleWrongKey: a client secret signed by a key the provider does
// not hold is refused at the token endpoint, and nothing is written.
func TestAppleWrongKey(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		other := newAppleKey(t)
		f, apple := newAppleFixture(t, e, newAppleKey(t), &other.PublicKey)
		apple.AddUser(oauthtest.User{Subject: "001234.abcdef", Email: "ada@privaterelay.appleid.com", EmailVerified: true})
		apple.LogInAs("001234.abcdef")
		b := f.browser(t)
		if _, res := appleSignIn(t, b, apple); res.status != http.StatusBadGateway || res.code() != "provider_error" {
			t.Fatalf("callback with a client secret of another key = %d %s, want 502 provider_error", res.status, res.body)
		}
		if n := count(t, e, "auth_user"); n != 0 {
			t.Fatalf("%d users, want 0", n)
		}
	})
}
