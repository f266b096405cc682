package test

import (
	"slices"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/password"
)

// opNames are the exported names of the operations of the core and the
// built-in plugins, which hosts pass to auth.WithRateLimit and hooks
// compare with Call.Op().Name.
var opNames = []string{
	auth.OpSession, auth.OpSignOut, auth.OpListSessions, auth.OpRevokeSession, auth.OpRevokeOtherSessions, auth.OpCreateUser,
	auth.OpUpdateUser,
	email.OpVerify, email.OpResend, email.OpChange, email.OpUndoChange, email.OpAdd, email.OpRemove,
	email.OpMakePrimary, email.OpList, email.OpSendCode, email.OpSignInWithCode,
	password.OpSignUp, password.OpSignIn, password.OpForgot, password.OpReset, password.OpChange, password.OpSetPassword, password.OpImportHash,
	oauth.OpStart, oauth.OpCallback, oauth.OpCallbackPost, oauth.OpLink, oauth.OpUnlink, oauth.OpAccounts,
}

// TestOperationNames: every operation the core and the built-in plugins
// register is named by one of the exported constants, and every constant
// names a registered operation, so that a name given to WithRateLimit
// cannot drift from the operation's.
func TestOperationNames(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	gh := oauth.GitHub("client", auth.NewSecret("secret"))
	a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), password.New(), oauth.New([]*oauth.Provider{gh})))
	if err != nil {
		t.Fatal(err)
	}
	var registered []string
	for _, op := range a.Operations() {
		name := op.Info().Name
		registered = append(registered, name)
		if !slices.Contains(opNames, name) {
			t.Errorf("operation %q is not named by an exported constant", name)
		}
	}
	for _, name := range opNames {
		if !slices.Contains(registered, name) {
			t.Errorf("constant %q names no registered operation", name)
		}
	}
	if len(registered) != len(opNames) {
		t.Errorf("%d operations registered, want %d", len(registered), len(opNames))
	}
}
