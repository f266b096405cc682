package fiberauth

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// ErrorHandler returns a fiber.ErrorHandler, for fiber.Config's, that
// answers in Sesame's error shape what fiber answers itself in plain
// text: its own refusals, made before any handler runs, and the errors
// handlers return. Each is written by [authhttp.WriteError] with opts,
// the options given to [Mount] and [Middleware], so that their
// [authhttp.EncodeErrors] shapes these answers too:
//
//   - an [*auth.Error] is answered as it is;
//   - a *fiber.Error by its status: 413 (a body over fiber's BodyLimit) is
//     body_too_large, 431 (headers over its ReadBufferSize)
//     [ErrHeadersTooLarge], 404 not_found, 405 method_not_allowed, 429
//     rate_limited, 400 [ErrBadRequest], 408 [ErrRequestTimeout], 500
//     internal; any other status keeps its status, with its text as code
//     and message ("service_unavailable");
//   - any other error is internal: a's logger records it, and the answer
//     says nothing of it.
//
// A handler that wants a message of its own returns an *auth.Error.
// Headers set before the error, such as a renewed session cookie, stay.
//
//	app := fiber.New(fiber.Config{ErrorHandler: fiberauth.ErrorHandler(a)})
//
// Fiber answers a request of a method it does not know (not GET, POST ...)
// with 400 in plain text without calling its ErrorHandler.
func ErrorHandler(a *auth.Auth, opts ...authhttp.Option) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		e := fiberError(err)
		if e.Code == auth.ErrInternal.Code {
			a.Logger().Error("fiberauth: a handler failed", "method", c.Method(), "path", c.Path(), "err", err)
		}
		w := newResponseWriter(c.Response())
		authhttp.WriteError(w, e, opts...)
		w.finish()
		return nil
	}
}

// byStatus are the codes of fiber's statuses that Sesame names.
var byStatus = map[int]*auth.Error{
	http.StatusBadRequest:                  ErrBadRequest,
	http.StatusNotFound:                    auth.ErrNotFound,
	http.StatusMethodNotAllowed:            auth.ErrMethodNotAllowed,
	http.StatusRequestTimeout:              ErrRequestTimeout,
	http.StatusRequestEntityTooLarge:       auth.ErrBodyTooLarge,
	http.StatusTooManyRequests:             auth.ErrRateLimited,
	http.StatusRequestHeaderFieldsTooLarge: ErrHeadersTooLarge,
	http.StatusInternalServerError:         auth.ErrInternal,
}

// fiberError returns the Sesame error that answers err, as ErrorHandler
// documents.
func fiberError(err error) *auth.Error {
	var ae *auth.Error
	if errors.As(err, &ae) {
		return ae
	}
	var fe *fiber.Error
	if !errors.As(err, &fe) {
		return auth.ErrInternal.Wrap(err)
	}
	if e, ok := byStatus[fe.Code]; ok {
		return e
	}
	text := strings.ToLower(http.StatusText(fe.Code))
	if text == "" || fe.Code < 400 || fe.Code > 599 {
		return auth.ErrInternal.Wrap(err)
	}
	code := strings.NewReplacer(" ", "_", "-", "_", "'", "").Replace(text)
	return auth.NewError(code, fe.Code, text)
}
