/**
 * The tools that find candidates across many files: `read_locate` (which files look
 * relevant) and `search_text` (which lines match). Their evidence is unverified
 * (`locate_hit`, `search_hit`): a candidate is not a read (CONTRACT §6, §7).
 */
import { z } from "zod";
import { spacedWords } from "../../language/tokens.js";
import type { EvidenceDraft } from "../../state/types.js";
import { defineTool, ok, type ToolContext } from "../types.js";
import { readSearchableText, splitLines, statEntry } from "./files.js";
import { lineMatcher } from "./match.js";
import { resolveInWorkspace, type ToolFailure, fail } from "./paths.js";
import { searchableFiles } from "./walk.js";

/** Files one search scans at most, so a huge tree cannot stall a step. */
const MAX_SCANNED_FILES = 5000;
const MAX_PREVIEW_CHARS = 300;
/** A file-name hit outweighs a content hit: a name is a stronger signal of relevance. */
const NAME_HIT_WEIGHT = 3;
/** Content hits counted per term, so one long file cannot drown the rest. */
const MAX_LINE_HITS_PER_TERM = 5;

const scopePath = z.string().default(".").describe("Directory (or single file) to search, relative to the workspace root.");

const preview = (line: string): string => {
  const trimmed = line.trim();
  return trimmed.length > MAX_PREVIEW_CHARS ? `${trimmed.slice(0, MAX_PREVIEW_CHARS)}…` : trimmed;
};

/** The files under a confined scope, at most MAX_SCANNED_FILES, with their searchable text. */
async function* scopeTexts(ctx: ToolContext, scopeAbs: string): AsyncGenerator<{ rel: string; text: string | null }> {
  let scanned = 0;
  for await (const file of searchableFiles(ctx.workspaceRoot, scopeAbs)) {
    if (++scanned > MAX_SCANNED_FILES) return;
    yield { rel: file.rel, text: await readSearchableText(ctx.workspaceRoot, file.rel) };
  }
}

/** Resolves the search scope, which must exist (a directory or a single file). */
async function resolveScope(ctx: ToolContext, relPath: string): Promise<{ ok: true; abs: string; rel: string } | ToolFailure> {
  const scope = await resolveInWorkspace(ctx.workspaceRoot, relPath);
  if (!scope.ok) return scope;
  const entry = await statEntry(scope.abs, scope.rel);
  return entry.ok ? scope : entry;
}

type Candidate = { rel: string; score: number; bestLine?: { number: number; text: string } };

/** Scores one file against the query terms; undefined when nothing matches. */
function scoreFile(rel: string, text: string | null, terms: string[]): Candidate | undefined {
  const name = rel.toLowerCase();
  let score = terms.filter((term) => name.includes(term)).length * NAME_HIT_WEIGHT;
  let bestLine: Candidate["bestLine"];
  let bestTerms = 0;
  if (text !== null) {
    const perTerm = new Map<string, number>();
    splitLines(text).forEach((line, index) => {
      const lower = line.toLowerCase();
      const hits = terms.filter((term) => lower.includes(term));
      for (const term of hits) perTerm.set(term, (perTerm.get(term) ?? 0) + 1);
      if (hits.length > bestTerms) {
        bestTerms = hits.length;
        bestLine = { number: index + 1, text: line };
      }
    });
    for (const count of perTerm.values()) score += Math.min(count, MAX_LINE_HITS_PER_TERM);
  }
  return score > 0 ? { rel, score, bestLine } : undefined;
}

export const readLocate = defineTool({
  name: "read_locate",
  domain: "workspace.read",
  description:
    "Find candidate files whose path or content mentions the query terms, best first, with the best matching line. Candidates are not reads: open a file with read_open (or read_slice) before relying on it.",
  schema: z.object({
    query: z.string().min(1).describe("Words to look for (case-insensitive); files matching more of them rank higher."),
    path: scopePath,
    maxResults: z.number().int().min(1).max(100).default(10).describe("Most candidate files to return."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const terms = [...new Set(spacedWords(input.query.toLowerCase()))];
    if (terms.length === 0) return fail("invalid_input", "the query has no words to look for");
    const scope = await resolveScope(ctx, input.path);
    if (!scope.ok) return scope;
    const candidates: Candidate[] = [];
    for await (const file of scopeTexts(ctx, scope.abs)) {
      const candidate = scoreFile(file.rel, file.text, terms);
      if (candidate) candidates.push(candidate);
    }
    if (candidates.length === 0) return fail("empty_result", `no file under ${scope.rel} matches ${JSON.stringify(input.query)}`);
    candidates.sort((a, b) => b.score - a.score || (a.rel < b.rel ? -1 : 1));
    const top = candidates.slice(0, input.maxResults);
    const evidence: EvidenceDraft[] = top.map((c) => ({
      kind: "locate_hit",
      source: c.bestLine ? { path: c.rel, startLine: c.bestLine.number, endLine: c.bestLine.number } : { path: c.rel },
      content: c.bestLine ? preview(c.bestLine.text) : "(the file path matches the query)",
      verified: false,
    }));
    return ok(`${top.length} of ${candidates.length} candidate files for ${JSON.stringify(input.query)}: ${top.map((c) => c.rel).join(", ")}`, evidence);
  },
});

export const searchText = defineTool({
  name: "search_text",
  domain: "workspace.read",
  description:
    "Search file contents line by line for text or a regular expression; returns each matching line with its path and line number. Hits are candidates: read the lines before relying on them.",
  schema: z.object({
    query: z.string().min(1).describe("Text to find in lines (a regular expression when regex is true)."),
    path: scopePath,
    regex: z.boolean().default(false).describe("Treat query as a JavaScript regular expression."),
    caseSensitive: z.boolean().default(false).describe("Match letter case exactly."),
    maxResults: z.number().int().min(1).max(500).default(50).describe("Most matching lines to return."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const matcher = lineMatcher(input.query, input);
    if (!matcher.ok) return matcher;
    const scope = await resolveScope(ctx, input.path);
    if (!scope.ok) return scope;
    const evidence: EvidenceDraft[] = [];
    const files = new Set<string>();
    let truncated = false;
    search: for await (const file of scopeTexts(ctx, scope.abs)) {
      if (file.text === null) continue;
      for (const [index, line] of splitLines(file.text).entries()) {
        if (!matcher.test(line)) continue;
        if (evidence.length === input.maxResults) {
          truncated = true;
          break search;
        }
        files.add(file.rel);
        evidence.push({
          kind: "search_hit",
          source: { path: file.rel, startLine: index + 1, endLine: index + 1 },
          content: preview(line),
          verified: false,
        });
      }
    }
    // How it matched is part of the finding: a case-exact "todo" finds no `TODO` (round 31).
    if (evidence.length === 0) return fail("empty_result", `no line under ${scope.rel} matches ${JSON.stringify(input.query)}${input.caseSensitive ? " with its letter case exact" : ""}`);
    // A search that ran to its end covered its whole scope: "nothing else" rests on that, not on where it hit.
    for (const e of evidence) e.search = { query: input.query, regex: input.regex, ...(truncated ? {} : { scope: scope.rel }) };
    const more = truncated ? ` (stopped at maxResults ${input.maxResults}; narrow the path or query)` : "";
    return ok(`${evidence.length} matching lines in ${files.size} files for ${JSON.stringify(input.query)}${more}`, evidence);
  },
});
