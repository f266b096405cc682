package main

import "github.com/gofiber/fiber/v2"

// verifyEmailPage serves the page the verification link lands on,
// /verify-email?token=..., which posts the token to Sesame's route.
func verifyEmailPage(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	// The URL holds the token: no other site may see it in a Referer.
	// (Not no-referrer, with which browsers post forms from "null", an
	// origin Sesame's CSRF check refuses.)
	c.Set(fiber.HeaderReferrerPolicy, "same-origin")
	c.Type("html", "utf-8")
	return c.SendString(verifyEmailHTML)
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
