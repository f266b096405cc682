package authui

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"slices"
	"text/template/parse"
)

//go:embed templates/*.html static/authui.css static/authui-passkey.js
var embedded embed.FS

// The template files: the layout and partials every page parses with,
// and the pages, each a file templates/<page>.html defining "content".
var (
	sharedFiles = []string{"templates/layout.html", "templates/partials.html", "templates/account-nav.html"}
	pageNames   = []string{pageSignIn, pageSignUp, pageForgot, pageReset, pageVerify, pageSignOut, pageAccount,
		pageMagicLink, pageSecondFactor, pageEmailCode, pageAdminUsers, pageAdminUser, pageAdminAudit,
		pageAddresses, pageProviders, pageProviderLink, pageSecurity}
	staticFiles = []string{"static/authui.css", "static" + passkeyScript}
)

// The pages, by template name.
const (
	pageSignIn  = "sign-in"
	pageSignUp  = "sign-up"
	pageForgot  = "forgot"
	pageReset   = "reset"
	pageVerify  = "verify"
	pageSignOut = "sign-out"
	pageAccount = "account"
	// pageMagicLink asks for a magic link, or, opened from one, posts its token.
	pageMagicLink = "magic-link"
	// pageEmailCode asks for an address, then for the mailed code; opened
	// from the mailed link, it posts the link's token.
	pageEmailCode = "email-code"
	// pageSecondFactor is the second step of a sign-in.
	pageSecondFactor = "second-factor"
	// pageAdminUsers, pageAdminUser and pageAdminAudit are the search of
	// users, a user's page and the audit log, with the admin plugin.
	pageAdminUsers = "admin-users"
	pageAdminUser  = "admin-user"
	pageAdminAudit = "admin-audit"
	// pageSecurity is the account's second factors and passkeys.
	pageSecurity = "security"
)

// files reads the templates and static files: the host's where it
// replaces one, else the embedded one.
type files struct{ over fs.FS }

func (f files) read(name string) ([]byte, error) {
	if f.over != nil {
		b, err := fs.ReadFile(f.over, name)
		if err == nil {
			return b, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return embedded.ReadFile(name)
}

// checkReplaced reports every file of the host's that replaces nothing,
// a misspelt page most often.
func (f files) checkReplaced() []string {
	if f.over == nil {
		return nil
	}
	known := append(append(slices.Clone(sharedFiles), staticFiles...), pageFiles()...)
	var problems []string
	err := fs.WalkDir(f.over, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && !slices.Contains(known, path) {
			problems = append(problems, fmt.Sprintf("authui: Templates: %s replaces no page, partial or static file (known: %v)", path, known))
		}
		return nil
	})
	if err != nil {
		problems = append(problems, "authui: Templates: "+err.Error())
	}
	return problems
}

func pageFiles() []string {
	var out []string
	for _, p := range pageNames {
		out = append(out, "templates/"+p+".html")
	}
	return out
}

// parsePages parses every page with the layout and partials, and checks
// each: it parses, defines "layout" and "content", defines every template
// it calls, and renders the sample views of the page without an error.
// It reports every problem of every file, each naming the file.
func parsePages(f files, samples func(page string) []*view) (map[string]*template.Template, []string) {
	problems := f.checkReplaced()
	shared := template.New("")
	for _, name := range sharedFiles {
		text, err := f.read(name)
		if err == nil {
			_, err = shared.New(name).Parse(string(text))
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("authui: %s: %v", name, err))
		}
	}
	pages := map[string]*template.Template{}
	for _, page := range pageNames {
		name := "templates/" + page + ".html"
		t, err := shared.Clone()
		if err == nil {
			var text []byte
			if text, err = f.read(name); err == nil {
				_, err = t.New(name).Parse(string(text))
			}
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("authui: %s: %v", name, err))
			continue
		}
		if missing := undefined(t); len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("authui: %s: calls templates no file defines: %q", name, missing))
			continue
		}
		failed := false
		for _, v := range samples(page) {
			if err := t.ExecuteTemplate(io.Discard, "layout", v); err != nil && !failed {
				problems = append(problems, fmt.Sprintf("authui: %s: rendering: %v", name, err))
				failed = true
			}
		}
		pages[page] = t
	}
	return pages, problems
}

// undefined returns the templates that t's set calls ({{template "x"}})
// or that a page needs ("layout", "content") but none of its files
// defines.
func undefined(t *template.Template) []string {
	defined := map[string]bool{}
	var calls []string
	for _, d := range t.Templates() {
		if d.Tree == nil || d.Tree.Root == nil {
			continue
		}
		defined[d.Name()] = true
		walk(d.Tree.Root, func(name string) { calls = append(calls, name) })
	}
	var missing []string
	for _, name := range append([]string{"layout", "content"}, calls...) {
		if !defined[name] && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
	}
	return missing
}

// walk calls fn with the name of every {{template}} call under n.
func walk(n parse.Node, fn func(string)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walk(c, fn)
		}
	case *parse.TemplateNode:
		fn(n.Name)
	case *parse.IfNode:
		walk(n.List, fn)
		walk(n.ElseList, fn)
	case *parse.RangeNode:
		walk(n.List, fn)
		walk(n.ElseList, fn)
	case *parse.WithNode:
		walk(n.List, fn)
		walk(n.ElseList, fn)
	}
}

// staticFile returns a static file's bytes.
func staticFile(f files, name string) ([]byte, error) {
	b, err := f.read(name)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(b), nil
}
