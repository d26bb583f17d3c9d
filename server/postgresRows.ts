/** Row mapping and search helpers shared by the PostgreSQL repositories of `PostgresOps`. */
import type { Assistant, Metadata, MultitaskStrategy, Run, RunKwargs, RunStatus, Thread, ThreadStatus } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import type pg from "pg";
import { retrying } from "./db.js";
import { toJsonText } from "./runStreams.js";

export const json = (value: unknown) => toJsonText(value);
export const INFLIGHT = "status IN ('pending', 'running')";

export type Row = Record<string, unknown>;

export function assistantOf(row: Row): Assistant {
  return {
    assistant_id: row.assistant_id as string,
    graph_id: row.graph_id as string,
    name: row.name as string,
    description: (row.description as string | null) ?? null,
    config: (row.config as Assistant["config"]) ?? {},
    context: row.context ?? {},
    metadata: (row.metadata as Metadata) ?? {},
    version: row.version as number,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
  };
}

export function threadOf(row: Row): Thread {
  return {
    thread_id: row.thread_id as string,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
    metadata: (row.metadata as Metadata) ?? {},
    config: (row.config as Thread["config"]) ?? {},
    status: row.status as ThreadStatus,
    values: (row.values as Record<string, unknown> | null) ?? undefined,
    interrupts: (row.interrupts as Record<string, unknown> | null) ?? undefined,
  };
}

export function runOf(row: Row): Run {
  return {
    run_id: row.run_id as string,
    thread_id: row.thread_id as string,
    assistant_id: row.assistant_id as string,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
    status: row.status as RunStatus,
    metadata: (row.metadata as Metadata) ?? {},
    kwargs: row.kwargs as RunKwargs,
    multitask_strategy: row.multitask_strategy as MultitaskStrategy,
  };
}

export const notFound = (what: string) => new HTTPException(404, { message: `${what} not found` });

/** `WHERE` fragments for the JSON containment filters the API offers, appended to `params`. */
export function filters(params: unknown[], f: { metadata?: Metadata | null; values?: Record<string, unknown> | null; status?: string | null; graph_id?: string; name?: string; ids?: string[] }): string {
  const where: string[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.metadata != null) add((p) => `metadata @> ${p}::jsonb`, json(f.metadata));
  if (f.values != null) add((p) => `"values" @> ${p}::jsonb`, json(f.values));
  if (f.status != null) add((p) => `status = ${p}`, f.status);
  if (f.graph_id != null) add((p) => `graph_id = ${p}`, f.graph_id);
  if (f.name != null) add((p) => `name ILIKE '%' || ${p} || '%'`, f.name);
  if (f.ids != null && f.ids.length > 0) add((p) => `thread_id = ANY(${p})`, f.ids);
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** One page of a search, newest first unless asked otherwise, each row with the total match count. */
export async function searchPage(
  pool: pg.Pool,
  table: "mira_assistants" | "mira_threads",
  options: Parameters<typeof filters>[1] & { limit: number; offset: number; sort_by?: string; sort_order?: "asc" | "desc" },
): Promise<Row[]> {
  const params: unknown[] = [];
  const where = filters(params, options);
  // sort_by is one of the column names the API's schema allows.
  const order = `${options.sort_by ?? "created_at"} ${options.sort_order === "asc" ? "ASC" : "DESC"}`;
  params.push(options.limit, options.offset);
  const rows = await retrying(() =>
    pool.query(`SELECT *, count(*) OVER () AS total FROM ${table} ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params),
  );
  return rows.rows;
}
