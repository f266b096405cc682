package test

import (
	"slices"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/username"
)

// TestOperationNames: the plugin's operations are named by its exported
// constants, so that a name given to auth.WithRateLimit cannot drift.
func TestOperationNames(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	names := username.New()
	if _, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(names, password.New(password.WithoutRecovery())),
		auth.WithRateLimit(username.OpCheck, auth.RateRules{})); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, op := range names.Operations() {
		got = append(got, op.Info().Name)
	}
	if want := []string{username.OpCheck, username.OpSet}; !slices.Equal(got, want) {
		t.Errorf("operations %v, want %v", got, want)
	}
}
