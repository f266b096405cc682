package username

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrInvalid is a name that is not a username under the policy: too
	// short or long, a character not allowed, a separator in the wrong
	// place. The message says which.
	ErrInvalid = auth.NewError("username_invalid", http.StatusBadRequest, "this is not a valid username")
	// ErrReserved is a reserved name ([DefaultReserved], [WithReserved]),
	// or one that looks like it.
	ErrReserved = auth.NewError("username_reserved", http.StatusBadRequest, "this username is reserved")
	// ErrTaken is a name whose key is another person's: the same name in
	// another letter case, or a look-alike ("pаypal" with a Cyrillic а for
	// "paypal").
	ErrTaken = auth.NewError("username_taken", http.StatusConflict, "this username is taken")
	// ErrCoolDown is a change of username too soon after the last one
	// ([WithCoolDown]); RetryAfter says when the next is allowed.
	ErrCoolDown = auth.NewError("username_cool_down", http.StatusTooManyRequests, "you changed your username recently: try again later")
)
