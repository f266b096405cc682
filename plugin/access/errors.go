package access

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrPermissionDenied is a request whose caller lacks the permission
	// [Plugin.RequirePermission] asks for: their roles do not grant it, or
	// the API key they present does not carry it as a scope.
	ErrPermissionDenied = auth.NewError("permission_denied", http.StatusForbidden, "you may not do this")
	// ErrUnknownRole is a grant of a role that is neither one of
	// [WithRoles] nor a custom role of the scope, or the deletion of a
	// custom role that does not exist.
	ErrUnknownRole = auth.NewError("unknown_role", http.StatusBadRequest, "no such role")
	// ErrRoleTaken is a custom role named as a role of [WithRoles]: one
	// name never means two sets of statements.
	ErrRoleTaken = auth.NewError("role_taken", http.StatusConflict, "a role of this name exists")
)
