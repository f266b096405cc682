// Must not compile: the magiclink plugin was not passed to the client.
import { createAuthClient, password } from "../every/index.js";

const auth = createAuthClient({ baseURL: "https://example.com/auth", plugins: [password] });
await auth.magiclink.send({ email: "ada@example.com" });
