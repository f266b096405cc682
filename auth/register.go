package auth

import (
	"net/http"
	"strings"
)

// registerPlugins collects what every plugin contributes and reports
// conflicts: duplicate plugins, operations, routes, identity kinds,
// channels and user fields, and a configuration nobody can sign in with.
func (a *Auth) registerPlugins(add func(string, ...any)) {
	names := map[string]bool{}
	routes := map[string]string{}
	register := func(owner string, op Operation) {
		info := op.Info()
		if problem := info.check(); problem != "" {
			add("%s: operation %q: %s", owner, info.Name, problem)
			return
		}
		if _, dup := a.opsByName[info.Name]; dup {
			add("%s: operation %q is already registered", owner, info.Name)
			return
		}
		route := info.Method + " " + info.Path
		if other, dup := routes[route]; dup && !info.ServerOnly() {
			add("%s: route %s of %q is already served by %q", owner, route, info.Name, other)
			return
		}
		if err := op.bind(a); err != nil {
			add("%s: %v", owner, err)
			return
		}
		if !info.ServerOnly() {
			routes[route] = info.Name
		}
		a.opsByName[info.Name] = op
		a.ops = append(a.ops, op)
	}
	for _, op := range a.coreOperations() {
		register("core", op)
	}
	fieldNames := map[string]string{"id": "core", "name": "core", "image": "core", "createdAt": "core", "updatedAt": "core"}
	signIn := false
	for i, p := range a.cfg.plugins {
		if p == nil {
			add("plugin %d is nil", i)
			continue
		}
		name := p.Name()
		if name == "" || name == "core" || names[name] {
			add("plugin %d: name %q is empty, reserved or taken", i, name)
			continue
		}
		names[name] = true
		if o, ok := p.(Operator); ok {
			for _, op := range o.Operations() {
				register("plugin "+name, op)
			}
		}
		if ip, ok := p.(IdentityProvider); ok {
			for _, k := range ip.IdentityKinds() {
				if k.Name == "" || k.Normalize == nil {
					add("plugin %s: identity kind %q needs a name and a Normalize function", name, k.Name)
					continue
				}
				if _, dup := a.kinds[k.Name]; dup {
					add("plugin %s: identity kind %q is claimed twice", name, k.Name)
					continue
				}
				a.kinds[k.Name] = k
			}
		}
		if d, ok := p.(Deliverer); ok {
			for _, c := range d.Channels() {
				if c.Kind == "" || c.Deliver == nil {
					add("plugin %s: channel %q needs a kind and a Deliver function", name, c.Kind)
					continue
				}
				if _, dup := a.channels[c.Kind]; dup {
					add("plugin %s: channel %q is provided twice", name, c.Kind)
					continue
				}
				a.channels[c.Kind] = c
			}
		}
		if u, ok := p.(UserExtender); ok {
			for _, f := range u.UserFields() {
				if f.Column().Table() != Users {
					add("plugin %s: user field %q is not a column of auth.Users", name, f.JSONName())
					continue
				}
				if owner, dup := fieldNames[f.JSONName()]; dup {
					add("plugin %s: user field %q is already added by %s", name, f.JSONName(), owner)
					continue
				}
				fieldNames[f.JSONName()] = name
				a.fields = append(a.fields, f)
				a.fieldsByName[f.JSONName()] = f
			}
		}
		if ec, ok := p.(ErrorCoder); ok {
			a.pluginCodes = append(a.pluginCodes, ec.ErrorCodes()...)
		}
		if s, ok := p.(SignInMethod); ok && len(s.Credentials()) > 0 {
			signIn = true
		}
	}
	if !signIn {
		add("no plugin can sign anyone in: add one such as password, oauth or magiclink")
	}
}

func (a *Auth) checkRateRules(add func(string, ...any)) {
	for name, r := range a.cfg.rateRules {
		if _, ok := a.opsByName[name]; !ok {
			add("WithRateLimit(%q): no such operation", name)
		}
		if problem := r.check(); problem != "" {
			add("WithRateLimit(%q): %s", name, problem)
		}
	}
}

// check returns what is wrong with an operation's declaration.
func (i OpInfo) check() string {
	switch {
	case i.Name == "":
		return "has no name"
	case i.ServerOnly():
	case i.Method != http.MethodGet && i.Method != http.MethodPost && i.Method != http.MethodPut &&
		i.Method != http.MethodPatch && i.Method != http.MethodDelete:
		return "method must be GET, POST, PUT, PATCH or DELETE (or, with the path, empty for a server operation)"
	case !strings.HasPrefix(i.Path, "/") || strings.ContainsAny(i.Path, " ?#"):
		return "path must start with / and hold no space, ? or #"
	}
	return i.Rate.check()
}
