package school_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"time"

	"github.com/sesame-go/sesame/school"
	"github.com/sesame-go/sesame/school/schooltest"
)

// The base URL, token and school id come from configuration; the client
// never prints its token.
func ExampleNew() {
	c, err := school.New("https://demo.smartclass.tech", "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln", 11,
		school.WithTimeout(5*time.Second))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c)
	// Output: school.Client{Endpoint: "https://demo.smartclass.tech/public/v1", SchoolID: 11, Token: "[redacted]"}
}

// A base URL that already holds the API path is refused, with a hint.
func ExampleNew_invalid() {
	_, err := school.New("https://school11.smartclass.school/public/v1/", "token", 11)
	fmt.Println(err)
	// Output: school: base URL "https://school11.smartclass.school/public/v1/": leave out /public/{version}, the client adds it
}

// Check the demo account against the in-process test server.
func ExampleClient_Authenticate() {
	srv := httptest.NewServer(schooltest.Handler{})
	defer srv.Close()

	c, err := school.New(srv.URL, schooltest.SchoolToken, schooltest.SchoolID)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := c.Authenticate(context.Background(), schooltest.DemoUserID, schooltest.DemoPassword)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.UserID, a.SchoolID, a.Message)
	// Output: demo 11 Logged in!
}

// Tell a wrong password apart from a configuration problem and from an
// outage: only the first is the user's to fix.
func ExampleClient_Authenticate_errors() {
	srv := httptest.NewServer(schooltest.Handler{})
	defer srv.Close()

	attempts := []struct {
		token    string
		schoolID int
		password string
	}{
		{schooltest.SchoolToken, schooltest.SchoolID, "wrong"},
		{schooltest.SchoolToken, 12, schooltest.DemoPassword}, // the token is for school 11 only
	}
	for _, at := range attempts {
		c, err := school.New(srv.URL, at.token, at.schoolID)
		if err != nil {
			fmt.Println(err)
			return
		}
		_, err = c.Authenticate(context.Background(), schooltest.DemoUserID, at.password)
		switch {
		case errors.Is(err, school.ErrInvalidCredentials):
			fmt.Println("wrong user id or password, try again")
		case errors.Is(err, school.ErrUnauthorized), errors.Is(err, school.ErrNotFound):
			fmt.Println("school sign-in is misconfigured:", err)
		case errors.Is(err, school.ErrUnavailable):
			fmt.Println("school sign-in is unavailable, try later")
		case err != nil:
			fmt.Println(err)
		}
	}
	// Output:
	// wrong user id or password, try again
	// school sign-in is misconfigured: school: api token or school id refused: status 401: "Token Not Found"
}

// The *Error carries the status and the service's reason.
func ExampleError() {
	srv := httptest.NewServer(schooltest.Handler{})
	defer srv.Close()

	c, err := school.New(srv.URL, "not-a-jwt", schooltest.SchoolID)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = c.Authenticate(context.Background(), schooltest.DemoUserID, schooltest.DemoPassword)
	var e *school.Error
	if errors.As(err, &e) {
		fmt.Println(e.Status, e.Reason, errors.Is(err, school.ErrUnauthorized))
	}
	// Output: 203 Wrong number of segments true
}
