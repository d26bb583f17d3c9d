/**
 * Who may call `mira serve` (CONTRACT §3, "who may act"): the settings of the custom-auth
 * handler (`server/auth.ts`), read from the environment. Two authenticators, chosen by
 * `MIRA_AUTH`:
 * - `apikey`: `x-api-key` header; `MIRA_API_KEYS` is a JSON/YAML file (or inline JSON) of
 *   `[{user, key | sha256, roles?}]`. The file is re-read when it changes, so removing a
 *   user takes effect at their next request.
 * - `jwt`: `Authorization: Bearer <token>`; HS256 with `MIRA_JWT_SECRET` (≥ 32 bytes) or
 *   RS256 with `MIRA_JWT_PUBLIC_KEY` (PEM text or a PEM file); optional `MIRA_JWT_ISSUER`,
 *   `MIRA_JWT_AUDIENCE`; the identity is `sub`, roles are the `roles` claim; optional
 *   `MIRA_AUTH_USERS` (a file of user ids, one a line) refuses tokens of users not listed.
 * Unset or empty `MIRA_AUTH` is "off": allowed on a loopback address only (`server/serve.ts`).
 * Every problem is one line (`AuthConfigError`); nothing here logs a key.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { importSPKI, jwtVerify, type CryptoKey, type JWTPayload } from "jose";
import { InputError } from "../contract/errors.js";

/** A setting the operator must fix; the message is one line. */
export class AuthConfigError extends InputError {}

/** Identities become store namespace labels and thread metadata, so no dots and a bounded length. */
export const Identity = z.string().regex(/^[A-Za-z0-9_@+-]{1,128}$/, "a user id is 1–128 of A–Z a–z 0–9 _ @ + -");

/** The one role the handler knows: may answer approvals on threads shared with it. */
export const REVIEWER = "reviewer";
const Role = z.enum([REVIEWER]);

const KeyEntry = z
  .object({
    user: Identity,
    key: z.string().min(16, "a key has at least 16 characters").optional(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/i, "sha256 is 64 hex digits").optional(),
    roles: z.array(Role).default([]),
  })
  .strict()
  .refine((e) => (e.key === undefined) !== (e.sha256 === undefined), "give exactly one of key or sha256");
const KeyFile = z.array(KeyEntry);

export const AuthMode = z.enum(["off", "apikey", "jwt"]);
export type AuthMode = z.infer<typeof AuthMode>;

/** An authenticated caller. */
export interface Principal {
  identity: string;
  roles: string[];
}

/** The outcome of checking one request's credentials: a principal, or a one-line refusal. */
export type Verdict = { ok: true; principal: Principal } | { ok: false; reason: string };

export interface Authenticator {
  mode: AuthMode;
  /** Never throws for bad credentials: a refusal is data. */
  verify(headers: Headers): Promise<Verdict>;
}

const present = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
const digest = (text: string) => createHash("sha256").update(text).digest();

/** Re-reads a file when its modification time or size changes; `parse` throws AuthConfigError. */
function watchedFile<T>(path: string, parse: (text: string) => T): () => T {
  let stamp = "";
  let value: T | undefined;
  return () => {
    let st;
    try {
      st = statSync(path);
    } catch (err) {
      throw new AuthConfigError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const now = `${st.mtimeMs}:${st.size}`;
    if (now !== stamp || value === undefined) {
      value = parse(readFileSync(path, "utf8"));
      stamp = now;
    }
    return value;
  };
}

function parseKeys(text: string, where: string): Array<{ user: string; hash: Buffer; roles: string[] }> {
  let raw: unknown;
  try {
    raw = text.trim().startsWith("[") ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new AuthConfigError(`MIRA_API_KEYS ${where} is not JSON or YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  const parsed = KeyFile.safeParse(raw);
  if (!parsed.success) throw new AuthConfigError(`MIRA_API_KEYS ${where} is invalid: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
  return parsed.data.map((e) => ({ user: e.user, roles: e.roles, hash: e.key !== undefined ? digest(e.key) : Buffer.from(e.sha256!, "hex") }));
}

function apiKeyAuthenticator(env: NodeJS.ProcessEnv): Authenticator {
  const setting = present(env.MIRA_API_KEYS);
  if (!setting) throw new AuthConfigError("MIRA_AUTH=apikey needs MIRA_API_KEYS (a key file, or inline JSON [{\"user\":…,\"key\":…}])");
  const keys = setting.startsWith("[") ? ((parsed) => () => parsed)(parseKeys(setting, "(inline)")) : watchedFile(setting, (t) => parseKeys(t, `file ${setting}`));
  keys(); // a bad key file stops the server before it listens
  return {
    mode: "apikey",
    async verify(headers) {
      const key = headers.get("x-api-key");
      if (!key) return { ok: false, reason: "missing x-api-key header" };
      const hash = digest(key);
      // Compare against every entry, so timing does not tell how far a guess got.
      let match: { user: string; roles: string[] } | undefined;
      for (const entry of keys()) if (timingSafeEqual(entry.hash, hash)) match ??= entry;
      return match ? { ok: true, principal: { identity: match.user, roles: match.roles } } : { ok: false, reason: "unknown API key" };
    },
  };
}

function userList(env: NodeJS.ProcessEnv): (() => Set<string>) | undefined {
  const path = present(env.MIRA_AUTH_USERS);
  if (!path) return undefined;
  const read = watchedFile(path, (text) => {
    const ids = text.split(/\r?\n/).map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
    const bad = ids.find((id) => !Identity.safeParse(id).success);
    if (bad !== undefined) throw new AuthConfigError(`MIRA_AUTH_USERS ${path}: "${bad.slice(0, 40)}" is not a valid user id`);
    return new Set(ids);
  });
  read();
  return read;
}

async function jwtAuthenticator(env: NodeJS.ProcessEnv): Promise<Authenticator> {
  const secret = present(env.MIRA_JWT_SECRET);
  const publicKey = present(env.MIRA_JWT_PUBLIC_KEY);
  if (secret && publicKey) throw new AuthConfigError("set MIRA_JWT_SECRET (HS256) or MIRA_JWT_PUBLIC_KEY (RS256), not both");
  let key: Uint8Array | CryptoKey;
  let alg: "HS256" | "RS256";
  if (secret) {
    if (Buffer.byteLength(secret) < 32) throw new AuthConfigError("MIRA_JWT_SECRET must be at least 32 bytes");
    key = new TextEncoder().encode(secret);
    alg = "HS256";
  } else if (publicKey) {
    const pem = publicKey.startsWith("-----BEGIN") ? publicKey : existsSync(publicKey) ? readFileSync(publicKey, "utf8") : undefined;
    if (!pem) throw new AuthConfigError(`MIRA_JWT_PUBLIC_KEY is neither a PEM public key nor a readable file: ${publicKey.slice(0, 80)}`);
    try {
      key = await importSPKI(pem, "RS256");
    } catch (err) {
      throw new AuthConfigError(`MIRA_JWT_PUBLIC_KEY is not an RS256 public key (SPKI PEM): ${(err as Error).message.split("\n")[0]}`);
    }
    alg = "RS256";
  } else {
    throw new AuthConfigError("MIRA_AUTH=jwt needs MIRA_JWT_SECRET (HS256) or MIRA_JWT_PUBLIC_KEY (RS256)");
  }
  const issuer = present(env.MIRA_JWT_ISSUER);
  const audience = present(env.MIRA_JWT_AUDIENCE);
  const users = userList(env);
  return {
    mode: "jwt",
    async verify(headers) {
      const header = headers.get("authorization") ?? "";
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) return { ok: false, reason: "missing Authorization: Bearer token" };
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(match[1]!, key, { algorithms: [alg], ...(issuer ? { issuer } : {}), ...(audience ? { audience } : {}) }));
      } catch (err) {
        const code = (err as { code?: string }).code;
        return { ok: false, reason: code === "ERR_JWT_EXPIRED" ? "token expired" : `invalid token (${code ?? "malformed"})` };
      }
      const sub = Identity.safeParse(payload.sub);
      if (!sub.success) return { ok: false, reason: "token has no valid sub (user id)" };
      if (users && !users().has(sub.data)) return { ok: false, reason: `unknown user ${sub.data}` };
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => Role.safeParse(r).success) : [];
      return { ok: true, principal: { identity: sub.data, roles } };
    },
  };
}

/** The configured mode; an unknown value is an error. */
export function authMode(env: NodeJS.ProcessEnv = process.env): AuthMode {
  const raw = present(env.MIRA_AUTH)?.toLowerCase() ?? "off";
  const parsed = AuthMode.safeParse(raw);
  if (!parsed.success) throw new AuthConfigError(`MIRA_AUTH must be apikey or jwt (or unset), got "${raw}"`);
  return parsed.data;
}

/** The authenticator the environment configures, or undefined when auth is off. Throws AuthConfigError (one line). */
export async function loadAuthenticator(env: NodeJS.ProcessEnv = process.env): Promise<Authenticator | undefined> {
  const mode = authMode(env);
  if (mode === "off") return undefined;
  return mode === "apikey" ? apiKeyAuthenticator(env) : jwtAuthenticator(env);
}
