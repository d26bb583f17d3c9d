/**
 * Secrets never reach evidence, traces, the ledger or error texts (issue 22, CONTRACT
 * "security in every feature"). A secret is the value of a configured secret variable:
 * `OPENAI_API_KEY`, every `MIRA_*_KEY`, and each name listed in `MIRA_SECRET_ENV` (comma or
 * space separated). Every occurrence of such a value in a text is replaced with
 * `[redacted:NAME]` wherever results and errors are turned into stored state.
 *
 * Values shorter than MIN_SECRET_CHARS are not redacted: replacing "1" or "yes" everywhere
 * would destroy the text without protecting anything. The environment is read on each call,
 * so a key set after start-up is covered too. A leaf module: imports nothing.
 */

/** Shortest value treated as a secret. */
export const MIN_SECRET_CHARS = 8;

/** The names of the secret variables in `env`. */
export function secretNames(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.MIRA_SECRET_ENV ?? "").split(/[\s,]+/).filter(Boolean);
  const keys = Object.keys(env).filter((name) => name === "OPENAI_API_KEY" || /^MIRA_\w*_KEY$/.test(name));
  return [...new Set([...keys, ...listed])].sort();
}

/** The secret values in `env` (longest first, so a value containing another is replaced whole). */
export function secretValues(env: NodeJS.ProcessEnv = process.env): Array<{ name: string; value: string }> {
  return secretNames(env)
    .flatMap((name) => {
      const value = env[name];
      return value !== undefined && value.length >= MIN_SECRET_CHARS ? [{ name, value }] : [];
    })
    .sort((a, b) => b.value.length - a.value.length);
}

/** `text` with every secret value replaced by `[redacted:NAME]`. */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  for (const { name, value } of secretValues(env)) if (out.includes(value)) out = out.split(value).join(`[redacted:${name}]`);
  return out;
}

/**
 * A copy of `value` with every string in it (plain objects and arrays, any depth) redacted;
 * the same object when no secret is configured or none occurs, so the common case costs a walk.
 */
export function redactDeep<T>(value: T, env: NodeJS.ProcessEnv = process.env): T {
  const secrets = secretValues(env);
  if (secrets.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return secrets.some((s) => v.includes(s.value)) ? redactSecrets(v, env) : v;
    if (Array.isArray(v)) {
      const mapped = v.map(walk);
      return mapped.some((m, i) => m !== v[i]) ? mapped : v;
    }
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      const entries = Object.entries(v).map(([k, inner]) => [k, walk(inner)] as const);
      return entries.some(([k, m]) => m !== (v as Record<string, unknown>)[k]) ? Object.fromEntries(entries) : v;
    }
    return v;
  };
  return walk(value) as T;
}
