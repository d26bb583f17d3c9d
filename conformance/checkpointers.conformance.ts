/**
 * Checkpoint conformance (issue 7): the upstream validation suite
 * (@langchain/langgraph-checkpoint-validation, used as a library because its CLI is broken
 * in 1.1.1) against the savers this project runs on: VersionedSqliteSaver on the project's SQLite
 * store, and BranchSafePostgresSaver (the fork fix) on PostgreSQL. Run with
 * `npm run conformance`; the results are in the README.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validate } from "@langchain/langgraph-checkpoint-validation";
import { MemorySaver } from "@langchain/langgraph";
import pg from "pg";
import { BranchSafePostgresSaver } from "../checkpointers/branchSafePostgresSaver.js";
import { openSqliteStore } from "../checkpointers/sqliteStore.js";
import type { CheckpointStore } from "../checkpointers/types.js";
import { POSTGRES_URL } from "../tests/support/postgres.js";

const which = (process.env.MIRA_CONFORMANCE ?? "memory,sqlite,postgres").split(",");

if (which.includes("memory")) {
  validate({ checkpointerName: "MemorySaver", createCheckpointer: () => new MemorySaver() });
}

if (which.includes("sqlite")) {
  const stores = new Map<unknown, { store: CheckpointStore; dir: string }>();
  validate({
    checkpointerName: "VersionedSqliteSaver (mira sqlite store)",
    createCheckpointer() {
      const dir = mkdtempSync(join(tmpdir(), "mira-conf-"));
      const store = openSqliteStore(join(dir, "mira.db"));
      stores.set(store.checkpointer, { store, dir });
      return store.checkpointer;
    },
    async destroyCheckpointer(saver) {
      const opened = stores.get(saver);
      await opened?.store.close();
      if (opened) rmSync(opened.dir, { recursive: true, force: true });
    },
  });
}

if (which.includes("postgres")) {
  const schemas = new Map<BranchSafePostgresSaver, string>();
  validate({
    checkpointerName: "BranchSafePostgresSaver",
    async createCheckpointer() {
      const schema = `conf_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const saver = BranchSafePostgresSaver.fromConnString(POSTGRES_URL, { schema });
      schemas.set(saver, schema);
      await saver.setup();
      return saver;
    },
    async destroyCheckpointer(saver) {
      await saver.end();
      // Each checkpointer gets its own schema; drop it so repeated runs leave the database as they found it.
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schemas.get(saver)}" CASCADE`);
      await client.end();
    },
  });
}
