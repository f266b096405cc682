package authhttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// decoder returns the function that fills an operation's input from the
// request: the JSON object of the body (an empty body is {}), limited in
// size, with unknown fields refused. GET requests have no input body.
func decoder(r *http.Request, cfg *config) func(any) error {
	return func(dst any) error {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			return nil
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
			data = []byte("{}")
		} else if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			return auth.ErrUnsupportedMediaType
		}
		return decodeJSON(data, dst)
	}
}

// decodeJSON decodes exactly one JSON object into dst, refusing unknown
// fields, with messages that name the problem but never echo the input.
func decodeJSON(data []byte, dst any) error {
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
