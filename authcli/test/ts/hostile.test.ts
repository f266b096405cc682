// The client of every plugin (every/) against a recording fetch: what it
// sends, where, and what it keeps, whatever the caller's input or the
// answer holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createAuthClient, core, oauth, password, memoryTokenStore } from "./every/index.js";

interface Sent {
  url: string;
  init: RequestInit;
}

function recorder(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  return { sent, fetch };
}

const ok = (headers: Record<string, string> = {}) =>
  new Response("{}", { status: 200, headers: { "Content-Type": "application/json", ...headers } });

test("a path parameter cannot leave its segment (links built from request data)", async () => {
  const r = recorder(() => ok());
  const auth = createAuthClient({ baseURL: "https://app.example/auth/", plugins: [oauth], mode: "bearer", fetch: r.fetch });
  await auth.oauth.start({ provider: "../../admin?x=1#y", returnTo: "/home" });
  await auth.oauth.link({ provider: "github/../../users" });
  assert.equal(r.sent[0].url, "https://app.example/auth/oauth/..%2F..%2Fadmin%3Fx%3D1%23y/start?returnTo=%2Fhome");
  assert.equal(r.sent[1].url, "https://app.example/auth/oauth/github%2F..%2F..%2Fusers/link");
  for (const s of r.sent) assert.ok(s.url.startsWith("https://app.example/auth/"), s.url);
});

test("query values are encoded, never spliced into the URL", async () => {
  const r = recorder(() => ok());
  const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [oauth], mode: "bearer", fetch: r.fetch });
  await auth.oauth.start({ provider: "github", returnTo: "https://evil.example/&provider=x" });
  const url = new URL(r.sent[0].url);
  assert.equal(url.origin + url.pathname, "https://app.example/auth/oauth/github/start");
  assert.deepEqual([...url.searchParams], [["returnTo", "https://evil.example/&provider=x"]]);
});

test("bearer mode sends the token and no cookies; cookie mode the reverse", async () => {
  const r = recorder(() => ok());
  const tokens = memoryTokenStore();
  await tokens.set("bearer-token");
  const bearer = createAuthClient({ baseURL: "https://app.example/auth", plugins: [], mode: "bearer", tokenStore: tokens, fetch: r.fetch });
  await bearer.core.session();
  const cookie = createAuthClient({ baseURL: "https://app.example/auth", plugins: [], mode: "cookie", tokenStore: tokens, fetch: r.fetch });
  await cookie.core.session();

  const [b, c] = r.sent.map((s) => ({ creds: s.init.credentials, headers: new Headers(s.init.headers) }));
  assert.equal(b.creds, "omit");
  assert.equal(b.headers.get("Authorization"), "Bearer bearer-token");
  assert.equal(b.headers.get("Auth-Token-Mode"), "bearer");
  assert.equal(c.creds, "include");
  assert.equal(c.headers.get("Authorization"), null, "cookie mode never sends a stored token");
  assert.equal(c.headers.get("Auth-Token-Mode"), null);
});

test("cookie mode keeps no token an answer offers", async () => {
  const r = recorder(() => ok({ "Auth-Token": "planted" }));
  const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [password], mode: "cookie", fetch: r.fetch });
  await auth.password.signIn({ email: "ada@example.com", password: "x" });
  assert.equal(await auth.tokens.get(), null);
});

test("bearer mode forgets its token when the server says it is not signed in (lifecycle gaps)", async () => {
  for (const code of ["no_session", "invalid_token"]) {
    const r = recorder(
      () => new Response(JSON.stringify({ error: { code, message: "x" } }), { status: 401, headers: { "Content-Type": "application/json" } }),
    );
    const tokens = memoryTokenStore();
    await tokens.set("revoked-elsewhere");
    const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [], mode: "bearer", tokenStore: tokens, fetch: r.fetch });
    const res = await auth.core.session();
    assert.equal(res.error?.code, code);
    assert.equal(await tokens.get(), null, code + " forgets the token");
  }
});

test("a success that is not JSON (a redirect followed to a page) is an error, not data", async () => {
  const r = recorder(() => new Response("<html>signed in</html>", { status: 200, headers: { "Content-Type": "text/html" } }));
  const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [], mode: "bearer", fetch: r.fetch });
  const res = await auth.core.session();
  assert.equal(res.ok, false);
  assert.equal(res.error?.code, "internal");
  assert.equal(res.error?.status, 200);
});

test("an error answer with a rate limit carries Retry-After", async () => {
  const r = recorder(
    () =>
      new Response(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "7" },
      }),
  );
  const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [password], mode: "bearer", fetch: r.fetch });
  const res = await auth.password.signIn({ email: "ada@example.com", password: "x" });
  assert.equal(res.error?.code, "rate_limited");
  assert.equal(res.error?.retryAfter, 7);
  assert.equal(res.error?.status, 429);
});

test("core is always there; no plugin is there unpassed", () => {
  const auth = createAuthClient({ baseURL: "https://app.example/auth", plugins: [password] });
  assert.equal(typeof auth.core.session, "function");
  assert.deepEqual(Object.keys(auth).sort(), ["core", "mode", "password", "tokens"]);
  assert.equal(auth.mode, "bearer", "Node has no document: bearer mode by default");
  assert.equal(core.name, "core");
});
