package main

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// verifyEmailPage serves the page the verification link lands on,
// /verify-email?token=..., which posts the token to Sesame's route.
func verifyEmailPage(c echo.Context) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	// The URL holds the token: no other site may see it in a Referer.
	// (Not no-referrer, with which browsers post forms from "null", an
	// origin Sesame's CSRF check refuses.)
	h.Set("Referrer-Policy", "same-origin")
	return c.HTML(http.StatusOK, verifyEmailHTML)
}

// verifyEmailHTML posts the link's token to Sesame's route from this
// site's origin, the base URL's, so that Sesame's CSRF origin check lets
// it through. A click posts it, not the page's loading: mail scanners
// that open links must not use them up.
const verifyEmailHTML = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Verify your email</title>
<h1>Verify your email</h1>
<p id="status">Confirm your address to finish signing up.</p>
<button id="confirm" type="button">Confirm my email</button>
<script>
document.getElementById("confirm").addEventListener("click", async () => {
  const token = new URLSearchParams(location.search).get("token");
  const res = await fetch("/auth/email/verify", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({token}),
  });
  document.getElementById("status").textContent = res.ok
    ? "Your email is verified: you can sign in."
    : "This link is used or has expired.";
});
</script>
</html>
`
