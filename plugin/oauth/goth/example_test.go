package gothoauth_test

import (
	"fmt"

	"github.com/markbates/goth/providers/github"
	"github.com/sesame-go/sesame/plugin/oauth"
	gothoauth "github.com/sesame-go/sesame/plugin/oauth/goth"
)

// ExampleProvider makes goth's GitHub provider one of the oauth plugin's.
// Its callback URL is the plugin's route for the provider's name.
func ExampleProvider() {
	baseURL := "https://app.example/auth"
	gh := github.New("client-id", "client-secret", baseURL+"/oauth/github/callback", "read:user", "user:email")
	p := gothoauth.Provider(gh)
	oa := oauth.New([]*oauth.Provider{p})
	fmt.Println(p.Name(), p.Kind(), oa.Providers())
	// Output: github oauth:github [github]
}
