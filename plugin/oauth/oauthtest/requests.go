package oauthtest

import (
	"net/http"
	"net/url"
	"slices"
)

// Request is a request the provider received.
type Request struct {
	// Method is the HTTP method.
	Method string
	// Path is the URL path, "/token" for example.
	Path string
	// Form holds the query's and the form body's parameters.
	Form url.Values
	// PostForm holds the form body's parameters only.
	PostForm url.Values
	// Header holds the request headers, Authorization included.
	Header http.Header
}

// Requests returns every request the provider received, oldest first, for
// assertions such as "the token request sent the code_verifier".
func (p *Provider) Requests() []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Request, len(p.requests))
	for i, r := range p.requests {
		out[i] = r.clone()
	}
	return out
}

// clone copies r deeply, so that callers cannot change the record.
func (r Request) clone() Request {
	r.Form, r.PostForm, r.Header = cloneValues(r.Form), cloneValues(r.PostForm), r.Header.Clone()
	return r
}

// record parses each request's form, within a size limit, and keeps a copy
// before next serves it.
func (p *Provider) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if err := r.ParseForm(); err != nil {
			http.Error(w, "oauthtest: "+err.Error(), http.StatusBadRequest)
			return
		}
		rec := Request{Method: r.Method, Path: r.URL.Path, Form: r.Form, PostForm: r.PostForm, Header: r.Header}.clone()
		p.mu.Lock()
		p.requests = append(p.requests, rec)
		p.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func cloneValues(v url.Values) url.Values {
	out := make(url.Values, len(v))
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}
