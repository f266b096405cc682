package username

// DefaultReserved are the names nobody may choose unless the host drops
// them with [WithoutDefaultReserved]: names that look like the site
// speaking (admin, support ...), like its routes and services (api, www,
// login ...), or like nobody in particular (null, anonymous ...). They are
// compared by key, in any letter case and look-alike spelling.
var DefaultReserved = []string{
	"about", "abuse", "account", "accounts", "admin", "administrator", "all", "anonymous", "api", "app", "auth",
	"billing", "blog", "bot", "contact", "dashboard", "dev", "docs", "everyone", "ftp", "guest", "help",
	"here", "home", "hostmaster", "imap", "info", "legal", "login", "logout", "mail", "me", "mod",
	"moderator", "news", "nobody", "noreply", "no-reply", "null", "official", "owner", "pop", "postmaster",
	"privacy", "register", "root", "security", "self", "settings", "sign-in", "sign-out", "sign-up",
	"signin", "signout", "signup", "smtp", "staff", "static", "status", "superuser", "support", "sys",
	"sysadmin", "system", "team", "terms", "test", "undefined", "user", "username", "users", "webmaster",
	"www",
}
