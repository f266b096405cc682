package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sesame-go/sesame/sqlb"
)

// OpUpdateUser is POST /user/update: [Auth.UpdateUser].
const OpUpdateUser = "core.updateUser"

// MaxUserNameLength is the most characters a user's name may have.
const MaxUserNameLength = 200

// UpdateUserRequest is the signed-in person's change of their own
// profile: their name, without spaces around it.
type UpdateUserRequest struct {
	Name string `json:"name"`
}

// Validate implements [InputValidator].
func (r UpdateUserRequest) Validate() error {
	name := strings.TrimSpace(r.Name)
	switch {
	case name == "":
		return errors.New("name is required")
	case utf8.RuneCountInString(name) > MaxUserNameLength:
		return fmt.Errorf("name may have at most %d characters", MaxUserNameLength)
	case strings.ContainsFunc(name, unicode.IsControl):
		return errors.New("name may not hold control characters")
	}
	return nil
}

// updateUserOp changes the caller's own profile: the user of the
// session, never another.
func (a *Auth) updateUserOp() *Op[UpdateUserRequest, *User] {
	return &Op[UpdateUserRequest, *User]{
		Name: OpUpdateUser, Method: http.MethodPost, Path: "/user/update", Session: SessionUser,
		Writes: true, Rate: DefaultRate,
		Handler: func(ctx context.Context, c *Call, in UpdateUserRequest) (*User, error) {
			u := *c.User()
			u.Name, u.UpdatedAt = strings.TrimSpace(in.Name), c.Now()
			_, err := c.DB().Exec(ctx, sqlb.Update(Users).Set(UserName.Set(u.Name), UserUpdatedAt.Set(u.UpdatedAt)).
				Where(UserID.Eq(u.ID)))
			if err != nil {
				return nil, err
			}
			return &u, nil
		},
	}
}

// UpdateUser changes the signed-in caller's name and returns the user as
// changed; [ErrNoSession] when the caller is not signed in.
func (a *Auth) UpdateUser(ctx context.Context, req UpdateUserRequest) (*User, error) {
	return a.core.updateUser.Run(ctx, req)
}
