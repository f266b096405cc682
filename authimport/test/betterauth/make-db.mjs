// Makes a better-auth database with better-auth itself, for the tests of
// Sesame's importer (authimport/test): better-auth's own migrations
// create its tables, and people sign up and in through its API.
//
//	DIALECT=postgres DATABASE_URL=postgres://... SECRET=... PEOPLE='[...]' node make-db.mjs
//	DIALECT=mysql DATABASE_URL=mysql://... ...
//	DIALECT=memory ...   (better-auth's memory adapter; prints the tables)
//
// PEOPLE is a JSON list of {name, email, password, verified, github}:
// each signs up with email and password (better-auth's scrypt);
// verified marks the address verified, github links an account at the
// provider "github" with that subject, both through better-auth's
// internal adapter (no provider is reachable offline). The first person
// then signs in. It prints JSON: the users' IDs, the session cookie of
// the sign-in, and (memory) the tables.
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { memoryAdapter } from "better-auth/adapters/memory";

let database;
let memory;
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
  case "memory":
    memory = { user: [], account: [], session: [], verification: [] };
    database = memoryAdapter(memory);
    break;
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
if (!memory) {
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
}
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
if (memory) {
  out.tables = memory;
}
process.stdout.write(JSON.stringify(out));
if (database.end) {
  await database.end();
}
