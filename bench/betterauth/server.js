// better-auth's own server for Sesame's load benchmark (bench/): email
// and password sign-in with better-auth's defaults (scrypt), on the
// PostgreSQL database DATABASE_URL names, through a pg pool of POOL_SIZE
// connections. It serves better-auth's routes under /api/auth and the
// application's route, GET /api/me, which reads the session as
// better-auth's documentation shows (auth.api.getSession).
//
// Rate limits and telemetry are off; the cookie cache is off (better-auth's
// default), so every request reads its session from the database, unless
// COOKIE_CACHE=1: then session.cookieCache is on (its default "compact"
// strategy, a base64url payload and an HMAC-SHA-256 signature), for 15
// minutes, as long as the Sesame server's caches keep a session in the
// benchmark's cache rows.
//
//	DATABASE_URL=postgres://... PORT=18083 [COOKIE_CACHE=1] node server.js
//
// It creates or updates better-auth's tables at start (getMigrations).
import http from "node:http";
import pg from "pg";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";

const port = Number(process.env.PORT || 18083);
const baseURL = `http://127.0.0.1:${port}`;

const options = {
  database: new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE || 8),
  }),
  baseURL,
  // The benchmark's own secret: nothing it signs outlives a run.
  secret: process.env.BETTER_AUTH_SECRET || "sesame-load-benchmark-secret-0123456789",
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
};
if (process.env.COOKIE_CACHE === "1") {
  options.session = { cookieCache: { enabled: true, maxAge: 15 * 60 } };
}

const { runMigrations } = await getMigrations(options);
await runMigrations();

const auth = betterAuth(options);
const authHandler = toNodeHandler(auth);

// me answers the signed-in user's ID, name and address, or 401.
async function me(req, res) {
  const s = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!s) {
    res.writeHead(401, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: "no_session" }));
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ id: s.user.id, name: s.user.name, email: s.user.email }));
}

http
  .createServer((req, res) => {
    if (req.url.startsWith("/api/auth/")) {
      return authHandler(req, res);
    }
    if (req.method === "GET" && req.url === "/api/me") {
      return me(req, res).catch((err) => {
        console.error(err);
        res.writeHead(500).end();
      });
    }
    res.writeHead(404).end();
  })
  .listen(port, "127.0.0.1", () => console.log(`better-auth listening on ${baseURL}`));
