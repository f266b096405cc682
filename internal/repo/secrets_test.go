package repo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// credentialName is a field name that says its value is a credential.
var credentialName = regexp.MustCompile(`(?i)(token|secret|passw|verifier|nonce|apikey|privatekey|credential)`)

// plainCredentials are the fields whose names sound like credentials but
// that hold plain strings on purpose, each with the reason.
var plainCredentials = map[string]string{
	"auth/session.go: Session.Credential":                                "the kind of credential a session was made with, such as \"password\"",
	"gqlauth/test/project/graph/model/models_gen.go: Session.Credential": "gqlgen's model of auth.Session's credential kind, such as \"password\"",
	"auth/session_import.go: ImportedSession.Credential":                 "the kind of credential of an imported session, such as \"import:better-auth\"",
	"authimport/lines.go: Line.PasswordScheme":                           "the name of a password hash's scheme, such as \"bcrypt\"",
	"auth/request.go: Request.CredentialHeader":                          "the name of the header a credential came in, such as X-API-Key",
	"plugin/twofactor/options.go: SignIn.Credential":                     "the kind of credential a sign-in used, such as \"password\"",
	"authtest/client.go: Client.Token":                                   "the test kit's client, which tests read",
	"examples/exampletest/client.go: client.token":                       "the examples' test client, which their tests read",
	"examples/exampletest/journey.go: journey.token":                     "the examples' test journey, which their tests read",
	"plugin/oauth/custom.go: AuthRequest.Nonce":                          "an OpenID nonce travels in the authorization URL, through the browser",
	"plugin/oauth/custom.go: ExchangeRequest.Nonce":                      "an OpenID nonce travels in the authorization URL, through the browser",
	"internal/jose/claims.go: Claims.Nonce":                              "an ID token's nonce claim, public like the token's other claims",
	"internal/jose/claims.go: wire.Nonce":                                "an ID token's nonce claim, public like the token's other claims",
	"plugin/oauth/discovery.go: metadata.Token":                          "the token endpoint's URL",
	"plugin/oauth/provider.go: Endpoints.Token":                          "the token endpoint's URL",
	"plugin/oauth/exchange.go: tokenResponse.TokenType":                  "the token's type, \"Bearer\"",
	"plugin/oauth/flow.go: stateData.Verifier":                           "only ever marshalled into the state record, never printed: a Secret marshals as [redacted]",
	"plugin/oauth/flow.go: stateData.Nonce":                              "only ever marshalled into the state record, never printed",
	"plugin/oauth/oauthtest/authorize.go: grant.nonce":                   "the test provider's record of a nonce it was sent",
	"plugin/oauth/oauthtest/options.go: config.clientSecret":             "the test provider's configuration, made by tests",
	"plugin/oauth/oauthtest/provider.go: Provider.ClientSecret":          "the test provider's client secret, which tests pass to the plugin",
	"plugin/oauth/oauthtest/provider.go: Endpoints.Token":                "the test provider's token endpoint URL",
	"school/client.go: keys.token":                                       "the school module is stdlib-only; Client holds keys behind a closure, which fmt cannot open",
	"school/schooldemo/users.go: User.Password":                          "the demo school's published accounts",
	"starters/site/pages_school.go: schoolData.DemoPassword":             "the demo school's password, which the page shows on purpose",
}

// TestSecretsAreTyped: a struct field whose name says it holds a
// credential is an auth.Secret (which prints [redacted] by type, through
// exported and unexported fields alike), or is listed above with the
// reason it is not. A string or []byte field named so prints its value.
func TestSecretsAreTyped(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if !plainText(field.Type) {
					continue
				}
				for _, name := range field.Names {
					if !credentialName.MatchString(name.Name) {
						continue
					}
					key := rel + ": " + ts.Name.Name + "." + name.Name
					seen[key] = true
					if _, ok := plainCredentials[key]; !ok {
						t.Errorf("%s holds a credential as plain text: make it an auth.Secret, or list it with the reason", key)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range plainCredentials {
		if !seen[key] {
			t.Errorf("%s is listed but no longer exists: drop it from the list", key)
		}
	}
}

// plainText reports whether a field's type is string or []byte.
func plainText(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "string"
	case *ast.ArrayType:
		id, ok := e.Elt.(*ast.Ident)
		return e.Len == nil && ok && id.Name == "byte"
	}
	return false
}
