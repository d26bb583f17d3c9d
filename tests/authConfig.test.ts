/**
 * CONTRACT §3 (who may act): the authenticators `server/auth.ts` uses. API keys and JWTs
 * (HS256 with a secret, RS256 with a public key) are chosen by `MIRA_AUTH`; a malformed,
 * expired or forged token, a token or key of a user who was removed, and a bad setting are
 * each one clear line; nothing here throws for a bad credential.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AuthConfigError, loadAuthenticator, type Authenticator } from "../server/authConfig.js";

const dir = await mkdtemp(join(tmpdir(), "mira-authcfg-"));
const SECRET = "s".repeat(40);
const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
const hs = (claims: Record<string, unknown>, exp = "5m", secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));

async function jwt(env: Record<string, string>): Promise<Authenticator> {
  return (await loadAuthenticator({ MIRA_AUTH: "jwt", ...env }))!;
}

describe("JWT authentication (HS256 / RS256)", () => {
  it("a valid HS256 token names its user and roles", async () => {
    const auth = await jwt({ MIRA_JWT_SECRET: SECRET });
    expect(await auth.verify(bearer(await hs({ sub: "alice", roles: ["reviewer", "admin"] })))).toEqual({ ok: true, principal: { identity: "alice", roles: ["reviewer"] } });
  });

  it("malformed, expired, forged, algorithm-switched and sub-less tokens are refused with one line", async () => {
    const auth = await jwt({ MIRA_JWT_SECRET: SECRET });
    const expired = await new SignJWT({ sub: "alice" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(new TextEncoder().encode(SECRET));
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "alice" })).toString("base64url")}.`;
    const cases: Array<[Headers, RegExp]> = [
      [new Headers(), /missing Authorization/],
      [bearer("not.a.jwt"), /invalid token/],
      [bearer(expired), /token expired/],
      [bearer(await hs({ sub: "alice" }, "5m", "x".repeat(40))), /invalid token/],
      [bearer(none), /invalid token/],
      [bearer(await hs({ roles: [] })), /no valid sub/],
      [bearer(await hs({ sub: "a.b" })), /no valid sub/],
    ];
    for (const [headers, reason] of cases) {
      const verdict = await auth.verify(headers);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) {
        expect(verdict.reason).toMatch(reason);
        expect(verdict.reason.split("\n")).toHaveLength(1);
      }
    }
  });

  it("with MIRA_AUTH_USERS, a token of a user not (or no longer) listed is refused", async () => {
    const users = join(dir, "users.txt");
    await writeFile(users, "alice\nbob\n");
    const auth = await jwt({ MIRA_JWT_SECRET: SECRET, MIRA_AUTH_USERS: users });
    const bobToken = await hs({ sub: "bob" });
    expect((await auth.verify(bearer(bobToken))).ok).toBe(true);
    await writeFile(users, "alice\n# bob was removed\n");
    expect(await auth.verify(bearer(bobToken))).toEqual({ ok: false, reason: "unknown user bob" });
    expect(await auth.verify(bearer(await hs({ sub: "mallory" })))).toEqual({ ok: false, reason: "unknown user mallory" });
  });

  it("RS256 with a configured public key (PEM text or file); an HS256 token signed with the PEM text is refused", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const pem = await exportSPKI(publicKey);
    const token = await new SignJWT({ sub: "carol" }).setProtectedHeader({ alg: "RS256" }).setExpirationTime("5m").sign(privateKey);
    const fromText = await jwt({ MIRA_JWT_PUBLIC_KEY: pem });
    expect(await fromText.verify(bearer(token))).toMatchObject({ ok: true, principal: { identity: "carol" } });
    await writeFile(join(dir, "pub.pem"), pem);
    const fromFile = await jwt({ MIRA_JWT_PUBLIC_KEY: join(dir, "pub.pem") });
    expect((await fromFile.verify(bearer(token))).ok).toBe(true);
    // The classic key-confusion forgery: HS256 with the public key as the secret.
    expect((await fromText.verify(bearer(await hs({ sub: "carol" }, "5m", pem)))).ok).toBe(false);
  });

  it("bad settings are one line each", async () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ MIRA_AUTH: "magic" }, /MIRA_AUTH must be apikey or jwt/],
      [{ MIRA_AUTH: "jwt" }, /needs MIRA_JWT_SECRET/],
      [{ MIRA_AUTH: "jwt", MIRA_JWT_SECRET: "short" }, /at least 32 bytes/],
      [{ MIRA_AUTH: "jwt", MIRA_JWT_SECRET: SECRET, MIRA_JWT_PUBLIC_KEY: "x" }, /not both/],
      [{ MIRA_AUTH: "jwt", MIRA_JWT_PUBLIC_KEY: "/nonexistent.pem" }, /neither a PEM public key nor a readable file/],
      [{ MIRA_AUTH: "apikey" }, /needs MIRA_API_KEYS/],
      [{ MIRA_AUTH: "apikey", MIRA_API_KEYS: '[{"user":"a","key":"short"}]' }, /at least 16 characters/],
      [{ MIRA_AUTH: "apikey", MIRA_API_KEYS: '[{"user":"a.b","key":"0123456789abcdefg"}]' }, /user id/],
      [{ MIRA_AUTH: "apikey", MIRA_API_KEYS: "/nonexistent/keys.json" }, /cannot read/],
    ];
    for (const [env, reason] of bad) {
      const err = await loadAuthenticator(env).then(() => undefined, (e: unknown) => e);
      expect(err, JSON.stringify(env)).toBeInstanceOf(AuthConfigError);
      expect((err as Error).message).toMatch(reason);
      expect((err as Error).message.split("\n")).toHaveLength(1);
    }
    expect(await loadAuthenticator({})).toBeUndefined();
  });
});

describe("API-key authentication", () => {
  it("a key names its user; a key stored as its SHA-256 works too; an unknown key is refused", async () => {
    const { createHash } = await import("node:crypto");
    const keys = JSON.stringify([
      { user: "alice", key: "alice-key-0123456789" },
      { user: "bob", sha256: createHash("sha256").update("bob-key-0123456789").digest("hex"), roles: ["reviewer"] },
    ]);
    const auth = (await loadAuthenticator({ MIRA_AUTH: "apikey", MIRA_API_KEYS: keys }))!;
    expect(await auth.verify(new Headers({ "x-api-key": "alice-key-0123456789" }))).toEqual({ ok: true, principal: { identity: "alice", roles: [] } });
    expect(await auth.verify(new Headers({ "x-api-key": "bob-key-0123456789" }))).toEqual({ ok: true, principal: { identity: "bob", roles: ["reviewer"] } });
    expect(await auth.verify(new Headers({ "x-api-key": "guess" }))).toEqual({ ok: false, reason: "unknown API key" });
    expect(await auth.verify(new Headers())).toEqual({ ok: false, reason: "missing x-api-key header" });
  });
});
