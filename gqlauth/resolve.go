package gqlauth

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"reflect"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Resolve runs the operation named op with input, gqlgen's model of its
// input argument (nil when it has none), and returns its output as T,
// gqlgen's model of the field's type. The resolvers that gqlauth's
// resolver template generates call it; a host need not.
//
// The input goes to the operation as the JSON object of gqlgen's model,
// decoded as the routes decode a body (unknown fields refused); the
// output comes back through its JSON, whose names the schema's fields
// carry. A field of type Boolean! (an operation whose output has no
// field) resolves to true. An error is a GraphQL error with the code
// ([Error]).
func Resolve[T any](ctx context.Context, op string, input any) (T, error) {
	var zero T
	c, _ := ctx.Value(callKey{}).(*call)
	if c == nil {
		return zero, Error(ctx, auth.ErrInternal.With("gqlauth: the GraphQL server is not behind gqlauth.Handler"))
	}
	o, ok := c.ops[op]
	if !ok {
		return zero, Error(ctx, auth.ErrNotFound.With("gqlauth: the instance has no operation "+op))
	}
	data := []byte("{}")
	if input != nil {
		var err error
		if data, err = json.Marshal(input); err != nil {
			return zero, Error(ctx, auth.ErrInvalidInput)
		}
	}
	// The resolvers' context is the request's, with gqlgen's values: the
	// operation runs in it.
	c.mu.Lock()
	out, _, err := authhttp.Invoke(c.w, c.r.WithContext(ctx), c.a, o, func(dst any) error {
		return decode(data, dst)
	})
	c.mu.Unlock()
	if err != nil {
		return zero, Error(ctx, auth.AsError(err))
	}
	var res T
	if b, ok := any(&res).(*bool); ok {
		*b = true
		return res, nil
	}
	body, err := json.Marshal(out)
	if err != nil {
		return zero, Error(ctx, auth.ErrInternal.Wrap(err))
	}
	if err := json.Unmarshal(body, &res); err != nil {
		return zero, Error(ctx, auth.ErrInternal.Wrap(err))
	}
	if v := reflect.ValueOf(res); v.Kind() == reflect.Pointer && v.IsNil() {
		return zero, Error(ctx, auth.ErrInternal.With("gqlauth: "+op+" gave no output"))
	}
	return res, nil
}

// decode fills dst from data, one JSON object, refusing unknown fields,
// as the routes decode a body.
func decode(data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return auth.ErrInvalidInput.With("the input does not match the operation")
	}
	if _, err := dec.Token(); err != io.EOF {
		return auth.ErrInvalidInput.With("the input must be one object")
	}
	return nil
}
