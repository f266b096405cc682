// ---- runtime: the transport, the same for every instance ----

/** An error answer: its code is one of the operation's closed set. */
export class AuthError<C extends string = string> extends Error {
  readonly code: C;
  readonly status: number;
  /** Seconds to wait before retrying (rate_limited), from Retry-After. */
  readonly retryAfter?: number;
  constructor(code: C, message: string, status: number, retryAfter?: number) {
    super(message);
    this.name = "AuthError";
    this.code = code;
    this.status = status;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

/** The outcome of a call: the answer, or an error of the operation's codes. */
export type Result<O, C extends string> =
  | { readonly ok: true; readonly data: O; readonly error?: undefined }
  | { readonly ok: false; readonly data?: undefined; readonly error: AuthError<C> };

/** ErrorCode is the closed union of a client method's error codes: ErrorCode<typeof client.password.signIn>. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ErrorCode<M> = M extends (...args: any[]) => Promise<Result<unknown, infer C>> ? C : never;

/** Where bearer mode keeps the session token (memory, storage, a keychain). */
export interface TokenStore {
  get(): string | null | Promise<string | null>;
  set(token: string | null): void | Promise<void>;
}

/** A token store in memory: the token lasts as long as the client. */
export function memoryTokenStore(): TokenStore {
  let token: string | null = null;
  return {
    get: () => token,
    set: (t) => {
      token = t;
    },
  };
}

/** An operation's route, with its input, output and error codes as types only. */
export interface OpSpec<I, O, C extends string> {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly params: readonly string[];
  readonly endsSession: boolean;
  /** Never set: carries the types. */
  readonly types?: { readonly input: I; readonly output: O; readonly code: C };
}

/** A plugin's operations, to pass to createAuthClient. */
export interface Plugin<N extends string, Ops> {
  readonly name: N;
  readonly ops: Ops;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPlugin = Plugin<string, Record<string, OpSpec<any, any, string>>>;

function op<I, O, C extends string>(
  method: OpSpec<I, O, C>["method"],
  path: string,
  params: readonly string[],
  endsSession = false,
): OpSpec<I, O, C> {
  return { method, path, params, endsSession };
}

function plugin<const N extends string, Ops>(name: N, ops: Ops): Plugin<N, Ops> {
  return { name, ops };
}

/** Options of a single call. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A method of the client: one operation. */
export type Method<S> =
  S extends OpSpec<infer I, infer O, infer C> ? (input?: I, options?: CallOptions) => Promise<Result<O, C>> : never;

type Methods<P> =
  P extends Plugin<infer N, infer Ops> ? { readonly [K in N]: { readonly [M in keyof Ops]: Method<Ops[M]> } } : never;

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The client: the core's methods and those of the plugins passed. */
export type AuthClient<Ps extends readonly AnyPlugin[]> = Methods<typeof core> &
  Intersection<Methods<Ps[number]>> & {
    /** Bearer mode's token store (cookie mode keeps none). */
    readonly tokens: TokenStore;
    readonly mode: "cookie" | "bearer";
  };

/** Options of createAuthClient. */
export interface ClientOptions<Ps extends readonly AnyPlugin[]> {
  /** Where the auth routes are mounted: "https://example.com/auth". */
  readonly baseURL: string;
  /** The plugins whose methods the client has. */
  readonly plugins: Ps;
  /**
   * "cookie" lets the browser keep the session cookie (credentials
   * included): for a page on the same site. "bearer" keeps the token in
   * tokenStore and sends it as Authorization: Bearer. By default, cookie
   * in a browser and bearer elsewhere (Node, React Native).
   */
  readonly mode?: "cookie" | "bearer";
  /** Bearer mode's token store; in memory by default. */
  readonly tokenStore?: TokenStore;
  /** The fetch to use; the global one by default. */
  readonly fetch?: typeof fetch;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** createAuthClient returns a client with a method per operation of the core and of the plugins passed. */
export function createAuthClient<const Ps extends readonly AnyPlugin[]>(options: ClientOptions<Ps>): AuthClient<Ps> {
  const isBrowser = typeof (globalThis as { document?: unknown }).document !== "undefined";
  const mode = options.mode ?? (isBrowser ? "cookie" : "bearer");
  const tokens = options.tokenStore ?? memoryTokenStore();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseURL.replace(/\/+$/, "");
  const client: Record<string, unknown> = { tokens, mode };
  for (const p of [core, ...options.plugins] as readonly AnyPlugin[]) {
    const methods: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(p.ops)) {
      methods[name] = (input?: Record<string, unknown>, call?: CallOptions) =>
        invoke(spec, input ?? {}, call ?? {});
    }
    client[p.name] = Object.freeze(methods);
  }

  async function invoke(
    spec: OpSpec<unknown, unknown, string>,
    input: Record<string, unknown>,
    call: CallOptions,
  ): Promise<Result<unknown, string>> {
    let path = spec.path;
    for (const name of spec.params) {
      path = path.replace("{" + name + "}", encodeURIComponent(String(input[name] ?? "")));
    }
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers, ...call.headers };
    const init: RequestInit = { method: spec.method, headers };
    if (call.signal) init.signal = call.signal;
    if (spec.method === "GET") {
      // Built by hand: React Native's URLSearchParams lacks set().
      const query: string[] = [];
      for (const [k, v] of Object.entries(input)) {
        if (v !== undefined && v !== null && !spec.params.includes(k)) {
          query.push(encodeURIComponent(k) + "=" + encodeURIComponent(String(v)));
        }
      }
      if (query.length > 0) path += "?" + query.join("&");
    } else {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(input);
    }
    if (mode === "cookie") {
      init.credentials = "include";
    } else {
      init.credentials = "omit";
      headers["Auth-Token-Mode"] = "bearer";
      const token = await tokens.get();
      if (token) headers["Authorization"] = "Bearer " + token;
    }
    const res = await doFetch(base + path, init);
    if (mode === "bearer") {
      const issued = res.headers.get("Auth-Token");
      if (issued) await tokens.set(issued);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (res.ok && body !== undefined) {
      if (mode === "bearer" && spec.endsSession) await tokens.set(null);
      return { ok: true, data: body };
    }
    const err = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const code = typeof err?.code === "string" ? err.code : "internal";
    const message = typeof err?.message === "string" ? err.message : "unexpected answer (status " + res.status + ")";
    if (mode === "bearer" && (code === "no_session" || code === "invalid_token")) await tokens.set(null);
    const retry = Number(res.headers.get("Retry-After"));
    return { ok: false, error: new AuthError(code, message, res.status, retry > 0 ? retry : undefined) };
  }

  return client as AuthClient<Ps>;
}
