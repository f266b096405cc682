package server

import (
	"fmt"

	"github.com/sesame-go/sesame/auth"
)

// User is one person the benchmark seeds into every server, with the same
// address, name and password in each.
type User struct {
	Email    string
	Name     string
	Password auth.Secret
}

// Users returns the n people of a benchmark run, the same on every call:
// user0@bench.example ... with a password of their own each.
func Users(n int) []User {
	us := make([]User, n)
	for i := range us {
		us[i] = User{
			Email:    fmt.Sprintf("user%d@bench.example", i),
			Name:     fmt.Sprintf("User %d", i),
			Password: auth.NewSecret(fmt.Sprintf("correct horse battery %d", i)),
		}
	}
	return us
}
