/**
 * The document index behind Retrieve: a LangGraph store with vector search, filled from
 * the workspace's documents (Markdown and text), chunked by paragraph with line ranges so
 * every passage keeps its source. Files are found by the workspace walker and read through
 * the confinement layer (tools/workspace/confined.ts), like every other read: a document
 * swapped for a symlink, FIFO or socket while the index is built is skipped, never read.
 */
import { realpath } from "node:fs/promises";
import { InMemoryStore } from "@langchain/langgraph";
import { readConfined } from "../tools/workspace/confined.js";
import { walk } from "../tools/workspace/walk.js";
import { HASHED_DIMS, HashedEmbeddings } from "./hashedEmbeddings.js";

export interface Passage {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  score: number;
}

const DOC_EXT = /\.(md|markdown|txt|rst|adoc)$/i;
/** Mira's own state directory is not a document source (the walker already skips node_modules and .git). */
const SKIP_DIRS = new Set([".mira"]);
/** Larger documents are skipped: an index of passages, not of data dumps. */
const MAX_DOC_BYTES = 2 * 1024 * 1024;
const MAX_CHUNK_LINES = 40;
const NAMESPACE = ["docs"];

export class DocumentIndex {
  private store: InMemoryStore | null = null;

  constructor(private readonly root: string) {}

  /** Best passages for a query; builds the index on first use. */
  async search(query: string, limit = 4): Promise<Passage[]> {
    const store = this.store ?? (this.store = await this.build());
    const items = await store.search(NAMESPACE, { query, limit });
    return items
      .filter((item) => (item.score ?? 0) > 0)
      .map((item) => ({ ...(item.value as Omit<Passage, "score">), score: item.score ?? 0 }));
  }

  private async build(): Promise<InMemoryStore> {
    const store = new InMemoryStore({ index: { dims: HASHED_DIMS, embeddings: new HashedEmbeddings(), fields: ["text"] } });
    const root = await realpath(this.root).catch(() => null);
    if (root === null) return store;
    for (const rel of await documentFiles(root)) {
      const read = await readConfined(root, rel, MAX_DOC_BYTES);
      if (!read.ok || read.bytes === null) continue;
      const chunks = chunkByParagraph(read.bytes.toString("utf8"));
      for (const chunk of chunks) {
        await store.put(NAMESPACE, `${rel}#${chunk.startLine}`, { path: rel, ...chunk });
      }
    }
    return store;
  }
}

/** Workspace-relative paths of the document files under `root`, sorted. */
async function documentFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of walk(root, root)) {
    if (entry.type === "file" && DOC_EXT.test(entry.name) && !entry.rel.split("/").some((part) => SKIP_DIRS.has(part))) out.push(entry.rel);
  }
  return out.sort();
}

/** Paragraph chunks (blank-line separated), at most MAX_CHUNK_LINES lines each. */
function chunkByParagraph(text: string): Array<{ startLine: number; endLine: number; text: string }> {
  const lines = text.split("\n");
  const chunks: Array<{ startLine: number; endLine: number; text: string }> = [];
  let start = -1;
  const flush = (end: number) => {
    if (start >= 0) chunks.push({ startLine: start + 1, endLine: end + 1, text: lines.slice(start, end + 1).join("\n") });
    start = -1;
  };
  lines.forEach((line, i) => {
    if (!line.trim()) return flush(i - 1);
    if (start < 0) start = i;
    if (i - start + 1 >= MAX_CHUNK_LINES) flush(i);
  });
  flush(lines.length - 1);
  return chunks;
}
