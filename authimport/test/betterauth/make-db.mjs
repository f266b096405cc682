// Makes a better-auth database with better-auth itself, for the tests of
// Sesame's importer (authimport/test): better-auth's own migrations
// create its tables, and people sign up and in through its API.
//
//	DIALECT=postgres DATABASE_URL=postgres://... SECRET=... PEOPLE='[...]' node make-db.mjs
//	DIALECT=mysql DATABASE_URL=mysql://... ...
//	DIALECT=sqlite DATABASE_URL=/path/to/file.db ...
//
// PEOPLE is a JSON list of {name, email, password, verified, github}:
// each signs up with email and password (better-auth's scrypt);
// verified marks the address verified, github links an account at the
// provider "github" with that subject, both through better-auth's
// internal adapter (no provider is reachable offline). The first person
// then signs in. It prints JSON: the users' IDs, and the session cookie
// of the sign-in with whom better-auth's getSession finds by it.
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";

let database;
switch (process.env.DIALECT) {
  case "postgres": {
    const pg = (await import("pg")).default;
    database = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    break;
  }
  case "mysql": {
    const { createPool } = await import("mysql2/promise");
    database = createPool({ uri: process.env.DATABASE_URL, timezone: "Z", connectionLimit: 2 });
    break;
  }
  case "sqlite": {
    const Database = (await import("better-sqlite3")).default;
    database = new Database(process.env.DATABASE_URL, { timeout: 10000 });
    break;
  }
  default:
    throw new Error(`unknown DIALECT ${process.env.DIALECT}`);
}

const options = {
  database,
  baseURL: "http://old.example",
  secret: process.env.SECRET,
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
const ctx = await auth.$context;

const people = JSON.parse(process.env.PEOPLE);
const out = { users: [] };
for (const p of people) {
  const r = await auth.api.signUpEmail({ body: { name: p.name, email: p.email, password: p.password } });
  if (p.verified) {
    await ctx.internalAdapter.updateUser(r.user.id, { emailVerified: true });
  }
  if (p.github) {
    await ctx.internalAdapter.linkAccount({ userId: r.user.id, providerId: "github", accountId: p.github });
  }
  out.users.push({ id: r.user.id, email: p.email });
}

const res = await auth.api.signInEmail({
  body: { email: people[0].email, password: people[0].password },
  asResponse: true,
});
if (!res.ok) {
  throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
}
const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
out.cookie = cookie.split(";")[0].slice("better-auth.session_token=".length);
// getSession proves the cookie is better-auth's own live session.
const s = await auth.api.getSession({ headers: new Headers({ cookie: `better-auth.session_token=${out.cookie}` }) });
out.cookieUser = s?.user?.id ?? "";
process.stdout.write(JSON.stringify(out));
if (database.end) {
  await database.end();
} else {
  database.close();
}
