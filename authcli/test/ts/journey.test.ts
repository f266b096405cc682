// The generated client against a live Sesame server that the Go test
// (authcli/test, TestClientJourney) started with the email and password
// plugins: SESAME_BASE_URL is where its routes are, SESAME_MAIL_URL where
// the test's capturing sender answers the newest mailed token of an
// address.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createAuthClient, email, password, AuthError, type ErrorCode } from "./client/index.js";

const baseURL = process.env.SESAME_BASE_URL ?? "";
const mailURL = process.env.SESAME_MAIL_URL ?? "";
const origin = new URL(baseURL).origin;

// SignInError is an error of password.signIn: its code is one of the
// operation's closed set for this instance, which the switch below must
// name every one of, or tsc fails (the never check).
type SignInError = AuthError<ErrorCode<ReturnType<typeof createClient>["password"]["signIn"]>>;

function createClient() {
  return createAuthClient({ baseURL, plugins: [password, email], mode: "bearer" });
}

/** explain names what to tell the user for every code of password.signIn. */
function explain(err: SignInError): string {
  switch (err.code) {
    case "invalid_credentials":
      return "wrong email or password";
    case "email_not_verified":
      return "verify your email first";
    case "rate_limited":
      return `try again in ${err.retryAfter ?? 1}s`;
    case "body_too_large":
    case "internal":
    case "invalid_input":
    case "invalid_json":
    case "invalid_origin":
    case "invalid_token":
    case "fresh_session_required":
    case "no_session":
    case "session_required":
    case "unsupported_media_type":
      return "something went wrong: " + err.message;
    default: {
      const unhandled: never = err.code;
      return unhandled;
    }
  }
}

async function mailedToken(to: string): Promise<string> {
  const res = await fetch(mailURL + "?to=" + encodeURIComponent(to));
  assert.equal(res.status, 200, "the capturing sender has a token for " + to);
  return res.text();
}

/** jarFetch is fetch with a cookie jar and a browser's Origin header, as a page on the same site has. */
function jarFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([k, v]) => k + "=" + v).join("; "));
    headers.set("Origin", origin);
    const res = await fetch(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq), value = pair.slice(eq + 1);
      if (value === "" || /max-age=(0|-)/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

test("sign up, verify, sign in with a bearer token, session, sign out", async () => {
  const auth = createClient();
  const who = `ada-${Date.now()}@example.com`;

  const up = await auth.password.signUp({ email: who, password: "correct horse battery staple", name: "Ada" });
  assert.ok(up.ok, up.error?.message);

  const early = await auth.password.signIn({ email: who, password: "correct horse battery staple" });
  assert.equal(early.ok, false);
  assert.equal(early.error?.code, "email_not_verified");
  assert.equal(explain(early.error!), "verify your email first");

  const verified = await auth.email.verify({ token: await mailedToken(who) });
  assert.ok(verified.ok, verified.error?.message);
  assert.equal(verified.data.email, who);

  const wrong = await auth.password.signIn({ email: who, password: "not the password" });
  assert.equal(wrong.error?.code, "invalid_credentials");
  assert.equal(wrong.error?.status, 401);
  assert.equal(explain(wrong.error!), "wrong email or password");
  assert.equal(await auth.tokens.get(), null, "a failed sign-in stores no token");

  const signedIn = await auth.password.signIn({ email: who, password: "correct horse battery staple" });
  assert.ok(signedIn.ok, signedIn.error?.message);
  assert.ok(await auth.tokens.get(), "bearer mode keeps the Auth-Token header's token");

  const session = await auth.core.session();
  assert.ok(session.ok, session.error?.message);
  assert.equal(session.data.user?.id, signedIn.data.user?.id);
  assert.ok(session.data.session, "the session is described");
  // The email plugin's user fields, typed from their columns.
  assert.equal(session.data.user?.primaryEmail, who);
  assert.equal(typeof session.data.user?.emailVerifiedAt, "string");
  assert.ok(!Number.isNaN(Date.parse(session.data.user?.emailVerifiedAt ?? "")), "an ISO 8601 time");

  const out = await auth.core.signOut();
  assert.ok(out.ok, out.error?.message);
  assert.equal(await auth.tokens.get(), null, "signing out forgets the token");

  const after = await auth.core.session();
  assert.equal(after.ok, false);
  assert.equal(after.error?.code, "no_session");
  assert.equal(after.error?.status, 401);
});

test("cookie mode: the browser's cookie, no token header", async () => {
  const who = `grace-${Date.now()}@example.com`;
  const setup = createClient();
  assert.ok((await setup.password.signUp({ email: who, password: "correct horse battery staple" })).ok);
  assert.ok((await setup.email.verify({ token: await mailedToken(who) })).ok);

  const seen: RequestInit[] = [];
  const jar = jarFetch();
  const auth = createAuthClient({
    baseURL,
    plugins: [password],
    mode: "cookie",
    fetch: (input, init) => {
      seen.push(init ?? {});
      return jar(input, init);
    },
  });
  const signedIn = await auth.password.signIn({ email: who, password: "correct horse battery staple" });
  assert.ok(signedIn.ok, signedIn.error?.message);
  const session = await auth.core.session();
  assert.ok(session.ok, session.error?.message);
  assert.equal(session.data.user?.id, signedIn.data.user?.id);
  assert.ok((await auth.core.signOut()).ok);
  assert.equal((await auth.core.session()).error?.code, "no_session");

  assert.equal(await auth.tokens.get(), null, "cookie mode keeps no token");
  for (const init of seen) {
    assert.equal(init.credentials, "include");
    const h = new Headers(init.headers);
    assert.equal(h.get("Authorization"), null);
    assert.equal(h.get("Auth-Token-Mode"), null);
  }
});

test("an unexpected answer is an internal error, not a crash", async () => {
  const auth = createAuthClient({
    baseURL,
    plugins: [],
    mode: "bearer",
    fetch: async () => new Response("<html>bad gateway</html>", { status: 502 }),
  });
  const res = await auth.core.session();
  assert.equal(res.ok, false);
  assert.equal(res.error?.code, "internal");
  assert.equal(res.error?.status, 502);
});
