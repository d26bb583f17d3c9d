/** Assistants as rows of `mira_assistants`, with their versions. */
import type { Assistant, AssistantsRepo, AssistantVersion } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import type pg from "pg";
import { retrying, transaction } from "./db.js";
import { json, assistantOf, notFound, searchPage, filters } from "./postgresRows.js";

export class PostgresAssistants implements AssistantsRepo {
  constructor(private readonly pool: pg.Pool) {}

  async *search(options: Parameters<AssistantsRepo["search"]>[0]): AsyncGenerator<{ assistant: Assistant; total: number }> {
    for (const row of await searchPage(this.pool, "mira_assistants", options)) yield { assistant: assistantOf(row), total: Number(row.total) };
  }

  async get(assistantId: string): Promise<Assistant> {
    const row = await retrying(() => this.pool.query("SELECT * FROM mira_assistants WHERE assistant_id = $1", [assistantId]));
    if (!row.rows[0]) throw notFound("Assistant");
    return assistantOf(row.rows[0]);
  }

  async put(assistantId: string, options: Parameters<AssistantsRepo["put"]>[1]): Promise<Assistant> {
    return transaction(this.pool, async (tx) => {
      const name = options.name || options.graph_id;
      const inserted = await tx.query(
        `INSERT INTO mira_assistants (assistant_id, graph_id, name, description, config, context, metadata)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb) ON CONFLICT (assistant_id) DO NOTHING RETURNING *`,
        [assistantId, options.graph_id, name, options.description ?? null, json(options.config ?? {}), json(options.context ?? {}), json(options.metadata ?? {})],
      );
      if (!inserted.rows[0]) {
        if (options.if_exists === "raise") throw new HTTPException(409, { message: "Assistant already exists" });
        const existing = await tx.query("SELECT * FROM mira_assistants WHERE assistant_id = $1", [assistantId]);
        return assistantOf(existing.rows[0]);
      }
      await tx.query(
        `INSERT INTO mira_assistant_versions (assistant_id, version, graph_id, name, description, config, context, metadata)
         SELECT assistant_id, version, graph_id, name, description, config, context, metadata FROM mira_assistants WHERE assistant_id = $1`,
        [assistantId],
      );
      return assistantOf(inserted.rows[0]);
    });
  }

  async patch(assistantId: string, options: Parameters<AssistantsRepo["patch"]>[1]): Promise<Assistant> {
    return transaction(this.pool, async (tx) => {
      const current = await tx.query("SELECT * FROM mira_assistants WHERE assistant_id = $1 FOR UPDATE", [assistantId]);
      if (!current.rows[0]) throw notFound("Assistant");
      const next = await tx.query(
        `UPDATE mira_assistants SET
           graph_id = COALESCE($2, graph_id), config = COALESCE($3::jsonb, config), context = COALESCE($4::jsonb, context),
           name = COALESCE($5, name), description = COALESCE($6, description),
           metadata = CASE WHEN $7::jsonb IS NULL THEN metadata ELSE metadata || $7::jsonb END,
           version = (SELECT max(version) + 1 FROM mira_assistant_versions WHERE assistant_id = $1), updated_at = now()
         WHERE assistant_id = $1 RETURNING *`,
        [
          assistantId,
          options.graph_id ?? null,
          options.config != null ? json(options.config) : null,
          options.context != null ? json(options.context) : null,
          options.name ?? null,
          options.description ?? null,
          options.metadata != null ? json(options.metadata) : null,
        ],
      );
      await tx.query(
        `INSERT INTO mira_assistant_versions (assistant_id, version, graph_id, name, description, config, context, metadata)
         SELECT assistant_id, version, graph_id, name, description, config, context, metadata FROM mira_assistants WHERE assistant_id = $1`,
        [assistantId],
      );
      return assistantOf(next.rows[0]);
    });
  }

  async delete(assistantId: string, deleteThreads: boolean): Promise<string[]> {
    return transaction(this.pool, async (tx) => {
      const gone = await tx.query("DELETE FROM mira_assistants WHERE assistant_id = $1 RETURNING assistant_id", [assistantId]);
      if (!gone.rows[0]) throw notFound("Assistant");
      await tx.query("DELETE FROM mira_runs WHERE assistant_id = $1", [assistantId]);
      if (deleteThreads) await tx.query("DELETE FROM mira_threads WHERE metadata->>'assistant_id' = $1", [assistantId]);
      return [assistantId];
    });
  }

  async count(options: Parameters<AssistantsRepo["count"]>[0]): Promise<number> {
    const params: unknown[] = [];
    const where = filters(params, options);
    const row = await retrying(() => this.pool.query(`SELECT count(*) AS n FROM mira_assistants ${where}`, params));
    return Number(row.rows[0]?.n ?? 0);
  }

  async setLatest(assistantId: string, version: number): Promise<Assistant> {
    const row = await retrying(() =>
      this.pool.query(
        `UPDATE mira_assistants a SET config = v.config, context = v.context, metadata = v.metadata, name = v.name,
           description = v.description, graph_id = v.graph_id, version = v.version, updated_at = now()
         FROM mira_assistant_versions v WHERE a.assistant_id = $1 AND v.assistant_id = $1 AND v.version = $2 RETURNING a.*`,
        [assistantId, version],
      ),
    );
    if (!row.rows[0]) throw notFound("Assistant version");
    return assistantOf(row.rows[0]);
  }

  async getVersions(assistantId: string, options: Parameters<AssistantsRepo["getVersions"]>[1]): Promise<AssistantVersion[]> {
    const params: unknown[] = [assistantId];
    const extra = options.metadata != null ? (params.push(json(options.metadata)), `AND metadata @> $2::jsonb`) : "";
    params.push(options.limit, options.offset);
    const rows = await retrying(() =>
      this.pool.query(
        `SELECT * FROM mira_assistant_versions WHERE assistant_id = $1 ${extra} ORDER BY version DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
    );
    return rows.rows.map((row) => ({ ...assistantOf(row), updated_at: undefined }) as unknown as AssistantVersion);
  }
}
