// Package app is the test project's Sesame instance: email and password,
// the plugins whose operations graph/auth.graphqls holds.
package app

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// Plugins returns the instance's plugins, email sending with mail and
// passwords hashed with hasher.
func Plugins(mail email.Sender, hasher password.Hasher) []auth.Plugin {
	return []auth.Plugin{email.New(email.WithSender(mail)), password.New(password.WithHasher(hasher))}
}
