package oauth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/sesame-go/sesame/internal/jose"
)

// errNoSubject is a profile without the person's identifier.
var errNoSubject = errors.New("oauth: the profile has no subject")

// StandardClaims is the [Mapper] of user-info answers shaped as OpenID
// Connect's (OpenID Connect Core §5.1): sub, email, email_verified (true
// or "true"), name, picture, preferred_username.
func StandardClaims(body []byte) (UserInfo, error) {
	c, err := jose.ParseClaims(body)
	if err != nil {
		return UserInfo{}, err
	}
	return clean(UserInfo{Subject: c.Subject, Email: c.Email, EmailVerified: c.EmailVerified, Name: c.Name,
		Picture: c.Picture, Username: c.PreferredUsername})
}

// clean checks a mapped profile: a subject of at most 255 bytes, valid
// UTF-8 everywhere, details cut to sane lengths, and no verified flag on
// an empty address.
func clean(u UserInfo) (UserInfo, error) {
	if u.Subject == "" {
		return UserInfo{}, errNoSubject
	}
	if len(u.Subject) > 255 || !utf8.ValidString(u.Subject) {
		return UserInfo{}, fmt.Errorf("oauth: the profile's subject is not a string of at most 255 bytes")
	}
	for _, s := range []*string{&u.Email, &u.Name, &u.Picture, &u.Username} {
		if !utf8.ValidString(*s) || len(*s) > 2048 {
			*s = ""
		}
	}
	if u.Email == "" {
		u.EmailVerified = false
	}
	return u, nil
}

// mapperProfile reads the user-info endpoint with a mapper.
func mapperProfile(m Mapper) func(context.Context, *fetcher, Endpoints) (UserInfo, error) {
	return func(ctx context.Context, f *fetcher, e Endpoints) (UserInfo, error) {
		body, err := f.get(ctx, e.UserInfo, "")
		if err != nil {
			return UserInfo{}, err
		}
		u, err := m(body)
		if err != nil {
			return UserInfo{}, err
		}
		return clean(u)
	}
}

// githubUser is what the plugin reads of GitHub's GET /user.
type githubUser struct {
	ID        json.Number `json:"id"`
	Login     string      `json:"login"`
	Name      *string     `json:"name"`
	AvatarURL string      `json:"avatar_url"`
}

// mapGitHubUser reads GitHub's GET /user: a numeric id, login, name and
// avatar. The address comes from GET /user/emails.
func mapGitHubUser(body []byte) (UserInfo, error) {
	var g githubUser
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&g); err != nil {
		return UserInfo{}, fmt.Errorf("oauth: GitHub user: %w", err)
	}
	id, err := strconv.ParseInt(g.ID.String(), 10, 64)
	if err != nil || id <= 0 {
		return UserInfo{}, errNoSubject
	}
	u := UserInfo{Subject: strconv.FormatInt(id, 10), Username: g.Login, Picture: g.AvatarURL}
	if g.Name != nil {
		u.Name = *g.Name
	}
	return clean(u)
}

// mapGitHubEmails picks the primary address of GitHub's GET /user/emails,
// with its verified flag.
func mapGitHubEmails(body []byte) (email string, verified bool, err error) {
	var list []struct {
		Email    string `json:"email"`
		Primary  bool   `json:"primary"`
		Verified bool   `json:"verified"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return "", false, fmt.Errorf("oauth: GitHub emails: %w", err)
	}
	for _, e := range list {
		if e.Primary && e.Email != "" {
			return e.Email, e.Verified, nil
		}
	}
	return "", false, nil
}

// githubProfile reads GET /user and GET /user/emails. Without the
// user:email scope the second answers 404: the person then has no address.
func githubProfile(ctx context.Context, f *fetcher, e Endpoints) (UserInfo, error) {
	const accept = "application/vnd.github+json"
	body, err := f.get(ctx, e.UserInfo, accept)
	if err != nil {
		return UserInfo{}, err
	}
	u, err := mapGitHubUser(body)
	if err != nil {
		return UserInfo{}, err
	}
	if body, err = f.get(ctx, e.UserInfo+"/emails", accept); err == nil {
		if u.Email, u.EmailVerified, err = mapGitHubEmails(body); err != nil {
			return UserInfo{}, err
		}
	}
	return clean(u)
}

// mapDiscord reads Discord's GET /users/@me.
func mapDiscord(body []byte) (UserInfo, error) {
	var d struct {
		ID         string  `json:"id"`
		Username   string  `json:"username"`
		GlobalName *string `json:"global_name"`
		Email      *string `json:"email"`
		Verified   bool    `json:"verified"`
		Avatar     *string `json:"avatar"`
	}
	if err := json.Unmarshal(body, &d); err != nil {
		return UserInfo{}, fmt.Errorf("oauth: Discord user: %w", err)
	}
	if _, err := strconv.ParseUint(d.ID, 10, 64); err != nil {
		return UserInfo{}, errNoSubject
	}
	u := UserInfo{Subject: d.ID, Username: d.Username, Name: d.Username, EmailVerified: d.Verified}
	if d.GlobalName != nil && *d.GlobalName != "" {
		u.Name = *d.GlobalName
	}
	if d.Email != nil {
		u.Email = *d.Email
	}
	if d.Avatar != nil && *d.Avatar != "" {
		u.Picture = "https://cdn.discordapp.com/avatars/" + d.ID + "/" + *d.Avatar + ".png"
	}
	return clean(u)
}

// appleUser reads the name Apple posts with the first authorization, the
// "user" form parameter: {"name":{"firstName":"..","lastName":".."}}. It
// is not signed, so only the display name is taken from it, never an
// address.
func appleUser(raw string) string {
	var u struct {
		Name struct {
			FirstName string `json:"firstName"`
			LastName  string `json:"lastName"`
		} `json:"name"`
	}
	if raw == "" || len(raw) > 4096 || json.Unmarshal([]byte(raw), &u) != nil {
		return ""
	}
	name := u.Name.FirstName
	if u.Name.LastName != "" {
		if name != "" {
			name += " "
		}
		name += u.Name.LastName
	}
	if !utf8.ValidString(name) || len(name) > 255 {
		return ""
	}
	return name
}
