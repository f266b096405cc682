package apimodel

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// API is the description of an instance's routes.
type API struct {
	// Operations are the routed operations, by path then method.
	Operations []Operation
	// Types are the named object types the operations' schemas refer to.
	Types map[string]*Schema
	// Common are the codes every operation may answer, by code.
	Common []Code
	// CredentialHeaders are the headers a credential resolver reads (an
	// API key's), from [auth.Auth.CredentialHeaders].
	CredentialHeaders []string
}

// Operation is one route.
type Operation struct {
	// Name is the operation's name, "password.signIn"; Plugin the part
	// before the dot.
	Name, Plugin string
	// Method and Path are the route, Path relative to the mount prefix.
	Method, Path string
	// PathParams are the wildcards of Path, in order, each filling the
	// input field of its name.
	PathParams []string
	// Input and Output are the shapes of the input (the query for GET,
	// else the JSON body) and of the JSON answer.
	Input, Output *Schema
	// Codes are the error codes the operation may answer: its own and
	// those of every operation, by code.
	Codes []Code
	// Session is what the operation needs of the caller's session.
	Session auth.Requirement
	// Writes, Form and AcceptsKeys are as in [auth.OpInfo].
	Writes, Form, AcceptsKeys bool
}

// Code is an error code with its HTTP status and default message.
type Code struct {
	Code, Message string
	Status        int
}

// Describe returns the description of a's routes.
func Describe(a *auth.Auth) (*API, error) {
	var infos []auth.OpInfo
	for _, op := range a.Operations() {
		if info := op.Info(); !info.ServerOnly() {
			infos = append(infos, info)
		}
	}
	slices.SortFunc(infos, func(x, y auth.OpInfo) int {
		return cmp.Or(cmp.Compare(x.Path, y.Path), cmp.Compare(x.Method, y.Method))
	})
	common := a.ErrorCodes()
	b := newBuilder()
	b.fields = a.UserFields()
	api := &API{Types: b.types, Common: codes(nil, common), CredentialHeaders: slices.Sorted(slices.Values(a.CredentialHeaders()))}
	// Outputs first, so that a type that is also an input gets the
	// suffixed name as an input, whatever the order of the operations.
	outs := make([]*Schema, len(infos))
	for i, info := range infos {
		s, err := b.top(info.Output, output)
		if err != nil {
			return nil, fmt.Errorf("operation %s: output: %w", info.Name, err)
		}
		outs[i] = s
	}
	for i, info := range infos {
		in, err := b.top(info.Input, input)
		if err != nil {
			return nil, fmt.Errorf("operation %s: input: %w", info.Name, err)
		}
		plugin, _, _ := strings.Cut(info.Name, ".")
		api.Operations = append(api.Operations, Operation{
			Name: info.Name, Plugin: plugin, Method: info.Method, Path: info.Path,
			PathParams: pathParams(info.Path), Input: in, Output: outs[i],
			Codes: codes(info.Codes, common), Session: info.Session,
			Writes: info.Writes, Form: info.Form, AcceptsKeys: info.AcceptsKeys,
		})
	}
	return api, nil
}

// Resolve returns the schema s names, or s itself.
func (api *API) Resolve(s *Schema) *Schema {
	if s.Ref != "" {
		return api.Types[s.Ref]
	}
	return s
}

// TypeNames returns the names of the types, sorted.
func (api *API) TypeNames() []string {
	return slices.Sorted(func(yield func(string) bool) {
		for name := range api.Types {
			if !yield(name) {
				return
			}
		}
	})
}

func pathParams(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		if len(seg) > 2 && seg[0] == '{' && seg[len(seg)-1] == '}' {
			out = append(out, strings.TrimSuffix(seg[1:len(seg)-1], "..."))
		}
	}
	return out
}

// codes merges an operation's codes with the common ones, by code, the
// first declaration of a code winning.
func codes(own, common []*auth.Error) []Code {
	seen := map[string]bool{}
	var out []Code
	for _, e := range slices.Concat(own, common) {
		if !seen[e.Code] {
			seen[e.Code] = true
			out = append(out, Code{Code: e.Code, Message: e.Message, Status: e.Status})
		}
	}
	slices.SortFunc(out, func(x, y Code) int { return cmp.Compare(x.Code, y.Code) })
	return out
}
