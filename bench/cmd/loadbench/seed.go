package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sesame-go/sesame/bench/server"
)

// dsnFor returns the DSN of database name on the server of admin's DSN.
func dsnFor(admin *pgx.ConnConfig, name string) string {
	return fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable", admin.User, admin.Host, admin.Port, name)
}

// recreate drops the target's database, if any, and creates it empty.
func recreate(ctx context.Context, admin *pgx.Conn, name string) error {
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return err
	}
	_, err := admin.Exec(ctx, "CREATE DATABASE "+name)
	return err
}

// seedGo creates users in a Go server's own tables, through its Go API,
// before the server starts: the floor's CreateUser, or Sesame's
// CreateUser and SetPassword.
func seedGo(ctx context.Context, t *target, dsn string, users []server.User) error {
	db, err := server.Open(dsn, 2)
	if err != nil {
		return err
	}
	defer db.Close()
	var create func(context.Context, server.User) error
	switch t.kind {
	case "floor":
		f := server.NewFloor(db)
		if err := f.Migrate(ctx); err != nil {
			return err
		}
		create = f.CreateUser
	case "sesame":
		s, err := server.NewSesame(ctx, db, t.base())
		if err != nil {
			return err
		}
		create = s.CreateUser
	}
	for _, u := range users {
		if err := create(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// seedBetterAuth creates users through better-auth's own sign-up route,
// on its running server.
func seedBetterAuth(t *target, users []server.User) error {
	for _, u := range users {
		body := fmt.Sprintf(`{"email":%q,"password":%q,"name":%q}`, u.Email, u.Password.Reveal(), u.Name)
		if _, err := t.post("/api/auth/sign-up/email", body); err != nil {
			return fmt.Errorf("better-auth sign-up %s: %w", u.Email, err)
		}
	}
	return nil
}

// signInAll signs every user in once on t, keeping each session's Cookie
// header, and checks that the target's session and application routes
// answer 200 with the user's address for it.
func signInAll(t *target, users []server.User) error {
	t.cookies = t.cookies[:0]
	for _, u := range users {
		cookie, err := t.post(t.signIn, signInBody(u))
		if err != nil {
			return fmt.Errorf("%s sign-in %s: %w", t.name, u.Email, err)
		}
		for _, path := range []string{t.session, t.app} {
			body, err := t.get(path, cookie)
			if err != nil || !strings.Contains(body, u.Email) {
				return fmt.Errorf("%s GET %s as %s: %v %s", t.name, path, u.Email, err, body)
			}
		}
		t.cookies = append(t.cookies, cookie)
	}
	return nil
}

// cacheCookies signs no one in: it sends each person's session cookie
// alone to path, which puts the session in t's cache (and, for a cache the
// browser carries, sets its cookie), and returns the Cookie headers with
// what the answers set, one per person, for a cache row's runs; a session
// cookie the answer set anew replaces the one sent.
func cacheCookies(t *target, path string) ([]string, error) {
	var out []string
	for _, cookie := range t.cookies {
		session := cookie
		for _, p := range strings.Split(cookie, "; ") {
			if strings.HasPrefix(p, t.cookie+"=") {
				session = p
			}
		}
		set, err := t.getCookies(path, session)
		if err != nil {
			return nil, fmt.Errorf("%s GET %s: %w", t.name, path, err)
		}
		pairs := []string{session}
		for _, p := range strings.Split(set, "; ") {
			switch {
			case p == "":
			case strings.HasPrefix(p, t.cookie+"="): // a stateless token, re-issued
				pairs[0] = p
			default:
				pairs = append(pairs, p)
			}
		}
		out = append(out, strings.Join(pairs, "; "))
	}
	return out, nil
}

// signInBody is the JSON body of a sign-in, the same on every server.
func signInBody(u server.User) string {
	return fmt.Sprintf(`{"email":%q,"password":%q}`, u.Email, u.Password.Reveal())
}

// post sends a JSON body from the target's origin and returns the cookies
// the answer set, as a Cookie header; an answer other than 200 is an error.
func (t *target) post(path, body string) (string, error) {
	req, err := http.NewRequest(http.MethodPost, t.base()+path, strings.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", t.base())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %s", res.Status, b)
	}
	var pairs []string
	for _, c := range res.Cookies() {
		pairs = append(pairs, c.Name+"="+c.Value)
	}
	return strings.Join(pairs, "; "), nil
}

// getCookies sends a GET with a Cookie header and returns the cookies a
// 200 set, as a Cookie header.
func (t *target) getCookies(path, cookie string) (string, error) {
	_, set, err := t.send(path, cookie)
	return set, err
}

// get sends a GET with a Cookie header and returns the body of a 200.
func (t *target) get(path, cookie string) (string, error) {
	body, _, err := t.send(path, cookie)
	return body, err
}

// send sends a GET with a Cookie header and returns the body of a 200 and
// the cookies it set, as a Cookie header.
func (t *target) send(path, cookie string) (body, set string, err error) {
	req, err := http.NewRequest(http.MethodGet, t.base()+path, nil)
	if err != nil {
		return "", "", err
	}
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", "", err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return "", "", fmt.Errorf("%s: %s", res.Status, b)
	}
	var pairs []string
	for _, c := range res.Cookies() {
		if c.MaxAge >= 0 {
			pairs = append(pairs, c.Name+"="+c.Value)
		}
	}
	return string(b), strings.Join(pairs, "; "), nil
}
