package schooldemo

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strconv"
)

// The demo account, for a starter app to show on its sign-in page.
const (
	// DemoUserID is the user id of the demo account, a user of school
	// SchoolID.
	DemoUserID = "demo"
	// DemoPassword is the password of the demo account.
	DemoPassword = "demo-pass"
)

// User is a sample account of the test server. The sample passwords are
// published, yet User prints, marshals and logs its password as
// "[redacted]" like any credential; read the field to show it.
type User struct {
	// ID is what the user types as user id (the userId parameter).
	ID string
	// Password is what the user types as password (userPassword).
	Password string
	// Name is the user's display name, sent back on success.
	Name string
	// SchoolID is the school the user belongs to. A user of school 0,
	// headquarters, may sign in at every school; any other user only at
	// their own school.
	SchoolID int
}

// users are the sample accounts, in the order Users returns them.
var users = []User{
	{ID: DemoUserID, Password: DemoPassword, Name: "Demo Student", SchoolID: SchoolID},
	{ID: "admin", Password: "admin-pass", Name: "Headquarters Admin", SchoolID: 0},
	{ID: "guest", Password: "guest-pass", Name: "Guest of Another School", SchoolID: 12},
}

// Users returns a copy of the sample accounts the test server knows:
//
//	id      password     school
//	demo    demo-pass    11 (SchoolID)
//	admin   admin-pass   0 (headquarters: every school)
//	guest   guest-pass   12
func Users() []User {
	return append([]User(nil), users...)
}

// account is a user as the server keeps it: a digest of the password, so
// that comparing two of them takes the same time whatever they hold.
type account struct {
	User
	digest [sha256.Size]byte
}

// accounts indexes the sample users by id.
var accounts = func() map[string]account {
	m := make(map[string]account, len(users))
	for _, u := range users {
		m[u.ID] = account{User: u, digest: sha256.Sum256([]byte(u.Password))}
	}
	return m
}()

// String describes the user with the password redacted.
func (u User) String() string {
	return fmt.Sprintf("schooldemo.User{ID: %q, Password: %q, Name: %q, SchoolID: %d}", u.ID, redacted, u.Name, u.SchoolID)
}

// GoString returns String, for the %#v verb.
func (u User) GoString() string {
	return u.String()
}

// Format implements fmt.Formatter so that no verb prints the password.
func (u User) Format(f fmt.State, verb rune) {
	s := u.String()
	if verb == 'q' {
		s = strconv.Quote(s)
	}
	io.WriteString(f, s)
}

// MarshalJSON encodes the user with the password redacted.
func (u User) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID       string `json:"userId"`
		Password string `json:"password"`
		Name     string `json:"name"`
		SchoolID int    `json:"schoolId"`
	}{u.ID, redacted, u.Name, u.SchoolID})
}

// LogValue implements slog.LogValuer with the password redacted.
func (u User) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("userId", u.ID),
		slog.String("password", redacted),
		slog.String("name", u.Name),
		slog.Int("schoolId", u.SchoolID),
	)
}

const redacted = "[redacted]"
