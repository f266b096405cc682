// Must not compile: "invalid_credential" is not a code of password.signIn.
import { createAuthClient, password } from "../every/index.js";

const auth = createAuthClient({ baseURL: "https://example.com/auth", plugins: [password] });
const res = await auth.password.signIn({ email: "ada@example.com", password: "secret" });
if (!res.ok) {
  switch (res.error.code) {
    case "invalid_credential":
      break;
  }
}
