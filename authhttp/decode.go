package authhttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// decoder returns the function that fills an operation's input from the
// request: for GET and HEAD the query parameters, otherwise the JSON object
// of the body (an empty body is {}), limited in size, with unknown fields
// refused, or a form body for operations that accept one; then the path's
// wildcards, which win.
func decoder(r *http.Request, cfg *config, info auth.OpInfo) func(any) error {
	return func(dst any) error {
		if err := decodeBody(r, cfg, info, dst); err != nil {
			return err
		}
		return decodeValues(pathValues(r, info.Path), dst)
	}
}

func decodeBody(r *http.Request, cfg *config, info auth.OpInfo, dst any) error {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		// Third parties add parameters of their own (an OAuth callback's
		// scope, say): unknown ones are ignored here. No query, as on
		// every GET /session, is nothing to decode.
		if r.URL.RawQuery == "" {
			return nil
		}
		return decodeValues(first(r.URL.Query()), dst)
	}
	data, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, cfg.bodyLimit))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return auth.ErrBodyTooLarge
	}
	if err != nil {
		return auth.ErrInvalidJSON.With("the body could not be read")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return decodeJSON([]byte("{}"), dst)
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "application/json":
		return decodeJSON(data, dst)
	case err == nil && mt == "application/x-www-form-urlencoded" && info.Form:
		form, err := url.ParseQuery(string(data))
		if err != nil {
			return auth.ErrInvalidInput.With("the form body is malformed")
		}
		return decodeValues(first(form), dst)
	}
	return auth.ErrUnsupportedMediaType
}

// pathValues returns the values of the wildcards ({name}) of an
// operation's path in the request.
func pathValues(r *http.Request, path string) map[string]string {
	var out map[string]string
	for seg := range strings.SplitSeq(path, "/") {
		if len(seg) > 2 && seg[0] == '{' && seg[len(seg)-1] == '}' {
			name := strings.TrimSuffix(seg[1:len(seg)-1], "...")
			if out == nil {
				out = map[string]string{}
			}
			out[name] = r.PathValue(name)
		}
	}
	return out
}

// first keeps the first value of each parameter.
func first(v url.Values) map[string]string {
	out := make(map[string]string, len(v))
	for k, vs := range v {
		if len(vs) > 0 {
			out[k] = vs[0]
		}
	}
	return out
}

// decodeValues fills the input fields named by the keys (their JSON
// names) with string values; keys the input lacks are ignored.
func decodeValues(values map[string]string, dst any) error {
	if len(values) == 0 {
		return nil
	}
	// json.Marshal would replace invalid UTF-8 with U+FFFD: refuse it, as
	// the core does in every input, before it is altered.
	for k, v := range values {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return auth.ErrInvalidInput.With("a parameter is not valid UTF-8")
		}
	}
	data, err := json.Marshal(values)
	if err != nil {
		return auth.ErrInvalidInput
	}
	if err := json.Unmarshal(data, dst); err != nil {
		return auth.ErrInvalidInput.With(describe(err))
	}
	return nil
}

// decodeJSON decodes exactly one JSON object into dst, refusing unknown
// fields, with messages that name the problem but never echo the input.
func decodeJSON(data []byte, dst any) error {
	// RFC 8259 §8.1: JSON text is UTF-8. encoding/json would replace each
	// bad byte with U+FFFD and hand the operation a string the client did
	// not send; the core refuses invalid UTF-8 in every input
	// (invalid_input), so a body with any is refused so here, before it is
	// altered.
	if !utf8.Valid(data) {
		return auth.ErrInvalidInput.With("the body is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return auth.ErrInvalidJSON.With(describe(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return auth.ErrInvalidJSON.With("the body must hold one JSON object and nothing after it")
	}
	return nil
}

func describe(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return "field " + typeErr.Field + " has the wrong type"
	case errors.As(err, &typeErr):
		return "the body must be a JSON object"
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the body is not well-formed JSON"
	}
	const unknown = "json: unknown field "
	if msg := err.Error(); len(msg) > len(unknown) && msg[:len(unknown)] == unknown && len(msg) < len(unknown)+80 {
		return "unknown field " + msg[len(unknown):]
	}
	return "the body does not match this route"
}
