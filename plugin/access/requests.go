package access

import (
	"errors"
	"fmt"
)

// GrantRequest names a user, a scope ("" for every scope) and a role, for
// [Plugin.Grant] and [Plugin.Revoke].
type GrantRequest struct {
	UserID string `json:"userId"`
	Scope  string `json:"scope"`
	Role   string `json:"role"`
}

// Validate implements [auth.InputValidator].
func (r GrantRequest) Validate() error {
	return errors.Join(checkName("userId", r.UserID), checkScope(r.Scope), checkName("role", r.Role))
}

// DefineRoleRequest stores a custom role of a scope: its name and
// statements, which must name only the vocabulary's resources and actions.
type DefineRoleRequest struct {
	Scope      string     `json:"scope"`
	Name       string     `json:"name"`
	Statements Statements `json:"statements"`
}

// Validate implements [auth.InputValidator].
func (r DefineRoleRequest) Validate() error {
	errs := []error{checkScope(r.Scope), checkName("name", r.Name)}
	if len(r.Statements) == 0 {
		errs = append(errs, errors.New("statements must grant something"))
	}
	for res, acts := range r.Statements {
		if !validName(res) {
			errs = append(errs, fmt.Errorf("statements: resource %q is not a name", res))
		}
		for _, act := range acts {
			if !validName(act) {
				errs = append(errs, fmt.Errorf("statements: action %q is not a name", act))
			}
		}
	}
	return errors.Join(errs...)
}

// RoleRequest names a custom role of a scope, for [Plugin.DeleteRole].
type RoleRequest struct {
	Scope string `json:"scope"`
	Name  string `json:"name"`
}

// Validate implements [auth.InputValidator].
func (r RoleRequest) Validate() error {
	return errors.Join(checkScope(r.Scope), checkName("name", r.Name))
}

// checkName refuses an empty or malformed name.
func checkName(field, v string) error {
	if !validName(v) {
		return fmt.Errorf("%s must be 1 to %d letters, digits, '.', '_' or '-'", field, MaxName)
	}
	return nil
}

// checkScope refuses a malformed scope; "" is every scope.
func checkScope(v string) error {
	if v != "" && !validName(v) {
		return fmt.Errorf("scope must be empty or 1 to %d letters, digits, '.', '_' or '-'", MaxName)
	}
	return nil
}
