/** The PostgreSQL the tests use (`MIRA_TEST_POSTGRES_URL`); its tests skip when it is down. */
import { openCheckpointStore } from "../../checkpointers/index.js";

export const POSTGRES_URL = process.env.MIRA_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const isPostgresReachable = (): Promise<boolean> =>
  openCheckpointStore(POSTGRES_URL).then((s) => s.close().then(() => true), () => false);

/** The two persistent stores a cross-process test runs on: a SQLite file in `dir`, or the test PostgreSQL. */
export const PERSISTENT_STORES = [
  ["sqlite", (dir: string) => `sqlite:${dir}/mira.db`],
  ["postgres", (_dir: string) => POSTGRES_URL],
] as const;
