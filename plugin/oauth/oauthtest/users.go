package oauthtest

import (
	"strconv"
)

// User is a person with an account at the provider.
type User struct {
	// Subject is the user's identifier at the provider, "sub" (OpenID
	// Connect Core §2); with [WithPlainOAuth], a number, GitHub's "id".
	Subject string
	// Email is the primary address, "email".
	Email string
	// EmailVerified says whether the provider verified Email,
	// "email_verified".
	EmailVerified bool
	// Name is the full name, "name".
	Name string
	// Picture is the URL of a profile picture, "picture" (GitHub's
	// "avatar_url").
	Picture string
	// Username is "preferred_username" (GitHub's "login").
	Username string
	// TenantID is the user's directory with [WithMultiTenant], "tid";
	// empty is [DefaultTenantID].
	TenantID string
	// OtherEmails are further addresses, listed after Email by GET
	// /user/emails with [WithPlainOAuth].
	OtherEmails []Email
}

// Email is one of a user's further addresses.
type Email struct {
	Address  string
	Verified bool
}

// AddUser adds a user, or replaces the one with the same subject. It fails
// the test if the subject is empty, or not a number with [WithPlainOAuth].
func (p *Provider) AddUser(u User) {
	if u.Subject == "" {
		p.fatalf("oauthtest: AddUser(%+v): empty Subject", u)
		return
	}
	if p.cfg.plain {
		if _, err := strconv.ParseInt(u.Subject, 10, 64); err != nil {
			p.fatalf("oauthtest: AddUser(%q): with WithPlainOAuth the subject is GitHub's numeric id", u.Subject)
			return
		}
	}
	u.OtherEmails = append([]Email(nil), u.OtherEmails...)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.users[u.Subject] = u
}

// LogInAs chooses who the authorize endpoint signs in from now on, with
// no page to click through. With no one logged in (the start, or
// LogInAs("")), it answers error=access_denied, as when a person declines.
// It fails the test if no user has that subject.
func (p *Provider) LogInAs(subject string) {
	p.mu.Lock()
	_, ok := p.users[subject]
	if ok || subject == "" {
		p.loggedIn = subject
	}
	p.mu.Unlock()
	if !ok && subject != "" {
		p.fatalf("oauthtest: LogInAs(%q): no such user; AddUser first", subject)
	}
}
