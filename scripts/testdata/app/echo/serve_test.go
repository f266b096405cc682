package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

func serve(_ *testing.T, e *echo.Echo, req *http.Request) *http.Response {
	w := httptest.NewRecorder()
	e.ServeHTTP(w, req)
	return w.Result()
}
