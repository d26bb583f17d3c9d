/**
 * The server's own tables (assistants, threads, runs) and their schema version.
 *
 * One row in `mira_server_schema` says which version of these tables the database holds.
 * `migrate` applies the missing steps in order, under an advisory lock so that several
 * instances starting at once migrate exactly once. A database whose version is newer than
 * this build knows was written by a newer mira: the instance refuses to start rather than
 * read or write tables it does not understand.
 */
import type pg from "pg";
import { ServeError } from "./errors.js";

/** Each step moves the schema from `version - 1` to `version`. Never edit a released step; add one. */
const MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
CREATE TABLE mira_assistants (
  assistant_id TEXT PRIMARY KEY,
  graph_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  config JSONB NOT NULL DEFAULT '{}',
  context JSONB,
  metadata JSONB NOT NULL DEFAULT '{}',
  version INT NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE mira_assistant_versions (
  assistant_id TEXT NOT NULL REFERENCES mira_assistants ON DELETE CASCADE,
  version INT NOT NULL,
  graph_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  config JSONB NOT NULL DEFAULT '{}',
  context JSONB,
  metadata JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (assistant_id, version)
);
CREATE TABLE mira_threads (
  thread_id TEXT PRIMARY KEY,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  metadata JSONB NOT NULL DEFAULT '{}',
  config JSONB NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'idle',
  "values" JSONB,
  interrupts JSONB
);
CREATE TABLE mira_runs (
  run_id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL REFERENCES mira_threads ON DELETE CASCADE,
  assistant_id TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  status TEXT NOT NULL,
  metadata JSONB NOT NULL DEFAULT '{}',
  kwargs JSONB NOT NULL,
  multitask_strategy TEXT NOT NULL,
  dispatched BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX mira_runs_thread ON mira_runs (thread_id, created_at);`,
  },
  {
    // Lease recovery: who holds a run, how often it was taken, and where its thread stood
    // before it, so a run taken over continues from its own last checkpoint.
    version: 2,
    sql: `
ALTER TABLE mira_runs ADD COLUMN attempt INT NOT NULL DEFAULT 0;
ALTER TABLE mira_runs ADD COLUMN owner TEXT;
ALTER TABLE mira_runs ADD COLUMN checkpoint_before TEXT;
CREATE INDEX mira_runs_inflight ON mira_runs (thread_id) WHERE status IN ('pending', 'running');`,
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Arbitrary constant naming the migration lock (`pg_advisory_lock`). */
const MIGRATION_LOCK_KEY = 0x6d697261_02;

/**
 * Brings the database to `SCHEMA_VERSION` (or to `upTo`, for tests of older schemas).
 * Throws `ServeError` when the database holds a newer schema than this build knows.
 */
export async function migrate(pool: pg.Pool, upTo: number = SCHEMA_VERSION): Promise<{ from: number; to: number }> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS mira_server_schema (
      one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
      version INT NOT NULL,
      written_by TEXT NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const row = await client.query<{ version: number; written_by: string }>("SELECT version, written_by FROM mira_server_schema");
    const from = row.rows[0]?.version ?? 0;
    if (from > SCHEMA_VERSION) {
      throw new ServeError(
        `the database's server schema is version ${from} (written by ${row.rows[0]!.written_by}); this mira knows versions up to ${SCHEMA_VERSION}: upgrade mira or use another database`,
      );
    }
    for (const step of MIGRATIONS) {
      if (step.version <= from || step.version > upTo) continue;
      await client.query("BEGIN");
      try {
        await client.query(step.sql);
        await client.query(
          `INSERT INTO mira_server_schema (version, written_by) VALUES ($1, $2)
           ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version, written_by = EXCLUDED.written_by, updated_at = now()`,
          [step.version, `mira schema ${step.version}`],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    }
    return { from, to: Math.max(from, Math.min(upTo, SCHEMA_VERSION)) };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
