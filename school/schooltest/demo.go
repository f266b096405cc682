package schooltest

import "github.com/sesame-go/sesame/school/schooldemo"

// Handler is the demonstration server: [schooldemo.Handler].
type Handler = schooldemo.Handler

// User is a sample account: [schooldemo.User].
type User = schooldemo.User

// The sample school, tokens and demo account of [schooldemo].
const (
	// SchoolID is [schooldemo.SchoolID].
	SchoolID = schooldemo.SchoolID
	// HeadquartersToken is [schooldemo.HeadquartersToken].
	HeadquartersToken = schooldemo.HeadquartersToken
	// SchoolToken is [schooldemo.SchoolToken].
	SchoolToken = schooldemo.SchoolToken
	// DemoUserID is [schooldemo.DemoUserID].
	DemoUserID = schooldemo.DemoUserID
	// DemoPassword is [schooldemo.DemoPassword].
	DemoPassword = schooldemo.DemoPassword
)

// Users returns a copy of the sample accounts: [schooldemo.Users].
func Users() []User { return schooldemo.Users() }
