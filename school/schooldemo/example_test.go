package schooldemo_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/sesame-go/sesame/school"
	"github.com/sesame-go/sesame/school/schooldemo"
)

// A starter app mounts the handler on its own server and points the client
// at it, so that school sign-in works with no set-up.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.Handle("/smartclass/", http.StripPrefix("/smartclass", schooldemo.Handler{}))
	app := httptest.NewServer(mux)
	defer app.Close()

	c, err := school.New(app.URL+"/smartclass", schooldemo.SchoolToken, schooldemo.SchoolID)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := c.Authenticate(context.Background(), schooldemo.DemoUserID, schooldemo.DemoPassword)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Message)
	// Output: Logged in!
}

// A sign-in page can tell its users what to type.
func ExampleUsers() {
	fmt.Printf("Try user id %q with password %q.\n", schooldemo.DemoUserID, schooldemo.DemoPassword)
	for _, u := range schooldemo.Users() {
		fmt.Printf("%-6s %-11s school %d\n", u.ID, u.Password, u.SchoolID)
	}
	// Output:
	// Try user id "demo" with password "demo-pass".
	// demo   demo-pass   school 11
	// admin  admin-pass  school 0
	// guest  guest-pass  school 12
}
