/**
 * The document index behind Retrieve: a LangGraph store with vector search, filled from
 * the workspace's documents (Markdown and text), chunked by paragraph with line ranges so
 * every passage keeps its source.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { InMemoryStore } from "@langchain/langgraph";
import { HASHED_DIMS, HashedEmbeddings } from "./hashedEmbeddings.js";

export interface Passage {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  score: number;
}

const DOC_EXT = /\.(md|markdown|txt|rst|adoc)$/i;
const SKIP_DIRS = new Set(["node_modules", ".git", ".mira"]);
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
    for (const file of await documentFiles(this.root)) {
      const rel = relative(this.root, file).split(sep).join("/");
      const chunks = chunkByParagraph(await readFile(file, "utf8"));
      for (const chunk of chunks) {
        await store.put(NAMESPACE, `${rel}#${chunk.startLine}`, { path: rel, ...chunk });
      }
    }
    return store;
  }
}

async function documentFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) out.push(...(await documentFiles(join(dir, entry.name))));
    else if (entry.isFile() && DOC_EXT.test(entry.name)) out.push(join(dir, entry.name));
  }
  return out.sort();
}

/** Paragraph chunks (blank-line separated), at most MAX_CHUNK_LINES lines each. */
export function chunkByParagraph(text: string): Array<{ startLine: number; endLine: number; text: string }> {
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
