package main

import (
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"
)

func serve(t *testing.T, app *fiber.App, req *http.Request) *http.Response {
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
