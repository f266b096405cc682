// Generates plugin/password/legacy/testdata/vectors.json with the original
// implementations: npm bcryptjs, better-auth's hashPassword, firebase-scrypt,
// hash-wasm's argon2i/argon2id, and Node's crypto.pbkdf2 in Django's format.
import bcrypt from "bcryptjs";
import { hashPassword } from "better-auth/crypto";
import { FirebaseScrypt } from "firebase-scrypt";
import { argon2i, argon2id } from "hash-wasm";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

const version = (p) => JSON.parse(readFileSync(`node_modules/${p}/package.json`)).version;
const out = { generator: {
  bcryptjs: version("bcryptjs"), "better-auth": version("better-auth"),
  "firebase-scrypt": version("firebase-scrypt"), "hash-wasm": version("hash-wasm"), node: process.version }, vectors: [] };
const add = (scheme, password, hash, extra = {}) => out.vectors.push({ scheme, password, hash, ...extra });

const long = "a".repeat(72) + "TAIL-ignored-by-bcrypt";
for (const [pw, cost] of [["correct horse", 4], ["correct horse", 10], ["pässwörd ✓", 5], [long, 4], ["", 4]]) {
  add("bcrypt", pw, bcrypt.hashSync(pw, cost), pw === long ? { alsoMatches: ["a".repeat(72)] } : {});
}

// NFKC: better-auth normalizes the password, so each of these matches its NFKC form.
for (const [pw, also] of [["correct horse", []], ["ﬁre ﬂy ﬁnal", ["fire fly final"]], ["Ｐａｓｓｗｏｒｄ１", ["Password1"]],
  ["Å ring", ["Å ring"]], ["pässwörd ✓", ["pa\u0308sswo\u0308rd ✓"]]]) {
  add("better-auth-scrypt", pw, await hashPassword(pw), also.length ? { alsoMatches: also } : {});
}

// firebase/scrypt README's sample project parameters.
const fb = { signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
  saltSeparator: "Bw==", rounds: 8, memCost: 14 };
out.firebase = fb;
const fs = new FirebaseScrypt(fb);
for (const [pw, salt] of [["user1password", "42xEC+ixf3L2lw=="], ["correct horse", randomBytes(12).toString("base64")],
  ["pässwörd ✓", randomBytes(12).toString("base64")]]) {
  add("firebase-scrypt", pw, `${salt}$${await fs.hash(pw, salt)}`);
}

for (const [fn, name, m, t, p] of [[argon2i, "argon2i", 4096, 3, 2], [argon2i, "argon2i", 1024, 2, 1],
  [argon2id, "argon2id", 8192, 2, 4], [argon2id, "argon2id", 2048, 5, 1]]) {
  for (const pw of ["correct horse", "pässwörd ✓"]) {
    add("argon2", pw, await fn({ password: pw, salt: randomBytes(16), iterations: t, memorySize: m, parallelism: p,
      hashLength: 32, outputType: "encoded" }), { variant: name });
  }
}

for (const [pw, iter] of [["correct horse", 1000000], ["pässwörd ✓", 600000], ["x", 1]]) {
  const salt = randomBytes(16).toString("base64").replace(/[^A-Za-z0-9]/g, "").slice(0, 22);
  add("pbkdf2-sha256", pw, `pbkdf2_sha256$${iter}$${salt}$${pbkdf2Sync(pw, salt, iter, 32, "sha256").toString("base64")}`,
    { source: "node crypto.pbkdf2Sync in Django's format" });
}
console.log(JSON.stringify(out, null, 1));
