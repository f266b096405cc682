package access_test

import (
	"fmt"

	"github.com/sesame-go/sesame/plugin/access"
)

func ExampleStatements_Allows() {
	editor := access.Statements{"project": {"read", "write"}}
	fmt.Println(editor.Allows("project", "write"), editor.Allows("project", "delete"))
	// Output: true false
}

func ExampleKeyScopes() {
	fmt.Println(access.KeyScopes(access.Resources{"project": {"read", "write"}, "billing": {"read"}}))
	// Output: [billing:read project:read project:write]
}

func ExampleNew() {
	acc := access.New(access.Resources{"project": {"read", "write", "delete"}},
		access.WithRoles(
			access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}},
			access.Role{Name: "owner", Statements: access.Statements{"project": {"read", "write", "delete"}}},
		))
	fmt.Println(acc.Roles())
	// Output: [owner viewer]
}

func ExamplePlugin_Validate() {
	acc := access.New(access.Resources{"project": {"read"}},
		access.WithRoles(access.Role{Name: "editor", Statements: access.Statements{"project": {"write"}, "billing": {"read"}}}))
	fmt.Println(acc.Validate(nil))
	// Output:
	// access: role "editor" names unknown resource "billing"
	// access: role "editor" names unknown action "write" of "project"
}
