/**
 * `codebase_explore` (CONTRACT §7): symbol search over a parsed TS/JS index. Its results
 * are candidates, never facts: each is `locate_hit` evidence with `verified: false`,
 * marked `verification.required = true` and carrying the `read_slice` call that verifies
 * it. A miss is a recoverable `empty_result` that names the fallback chain, because an
 * index miss is not proof of absence.
 */
import { z } from "zod";
import type { EvidenceDraft } from "../../state/types.js";
import { defineTool, ok, recoverable, type ToolDefinition } from "../types.js";
import { resolveInWorkspace } from "../workspace/index.js";
import type { CodeIndex } from "./codeIndex.js";
import { affectedByFile, affectedBySymbol, exploreSymbol, querySymbols, type Candidate, type CandidateRole } from "./queries.js";

const CodebaseExploreInput = z.object({
  mode: z
    .enum(["query", "explore", "affected"])
    .describe(
      "query: symbols whose names match words; explore: one symbol's definitions, members and references; affected: code that uses a symbol or imports a file (up to 2 import hops).",
    ),
  query: z.string().min(1).optional().describe("Words or a symbol name to look for; explore/affected use it as the symbol when `symbol` is absent."),
  symbol: z.string().min(1).optional().describe("Exact symbol name, or Container.member, for explore and affected."),
  path: z
    .string()
    .min(1)
    .optional()
    .describe("Scope: a file or directory relative to the workspace root. In affected mode without a symbol: the file whose importers to find."),
  maxResults: z.number().int().min(1).max(200).default(20).describe("Most candidates to return."),
});
type CodebaseExploreInput = z.infer<typeof CodebaseExploreInput>;

const ROLE_ORDER: CandidateRole[] = ["definition", "member", "reference", "affected"];

/** The `codebase_explore` tool; stateless apart from the shared per-root index cache. */
export function codebaseExploreTool(): ToolDefinition {
  return defineTool({
    name: "codebase_explore",
    domain: "workspace.code",
    description:
      "Find TS/JS symbols with a parsed code index: query (symbols matching words), explore (a symbol's definitions, members and references), affected (code using a symbol or importing a file, 2 import hops). Returns unverified candidates (verification.required=true): read_slice each line range before relying on it. A miss is not proof of absence: fall back to search_text, then workspace_inventory, then read_slice.",
    schema: CodebaseExploreInput,
    risk: "read",
    async execute(input, ctx) {
      const scope = await resolveInWorkspace(ctx.workspaceRoot, input.path ?? ".");
      if (!scope.ok) return scope;
      const target = input.symbol ?? input.query;
      if (target === undefined && !(input.mode === "affected" && input.path !== undefined)) {
        const needs = input.mode === "affected" ? "a symbol (or query) or a file path" : input.mode === "query" ? "query words" : "a symbol (or query)";
        return recoverable("invalid_input", `codebase_explore ${input.mode} needs ${needs}`);
      }
      // The TypeScript compiler loads with the first call, not with the tool's definition.
      const { loadCodeIndex } = await import("./codeIndex.js");
      const index = await loadCodeIndex(ctx.workspaceRoot);
      const candidates = findCandidates(input, target, scope.rel, index);
      const subject = target === undefined ? `importers of ${scope.rel}` : JSON.stringify(target);
      if (candidates.length === 0) {
        return recoverable(
          "empty_result",
          `codebase_explore ${input.mode} found nothing for ${subject} in ${scope.rel === "." ? "the workspace" : scope.rel} (${index.files.size} files indexed): index miss is not proof of absence; fall back to search_text scoped to ${scope.rel} → workspace_inventory → read_slice`,
        );
      }
      const shown = candidates.slice(0, input.maxResults);
      const skipped = index.skipped.length > 0 ? ` ${index.skipped.length} file(s) were not indexed.` : "";
      return ok(
        `codebase_explore ${input.mode} ${subject}: ${countByRole(candidates)} (showing ${shown.length} of ${candidates.length}). These are unverified candidates (verification.required=true): read_slice each range before citing it.${skipped}`,
        shown.map(candidateEvidence),
      );
    },
  });
}

function findCandidates(input: CodebaseExploreInput, target: string | undefined, scope: string, index: CodeIndex): Candidate[] {
  switch (input.mode) {
    case "query":
      return querySymbols(index, target!, scope);
    case "explore":
      return exploreSymbol(index, target!, scope);
    case "affected":
      if (target !== undefined) return affectedBySymbol(index, target, scope);
      return index.files.has(scope) ? affectedByFile(index, scope) : [];
  }
}

function countByRole(candidates: Candidate[]): string {
  return ROLE_ORDER.flatMap((role) => {
    const count = candidates.filter((candidate) => candidate.role === role).length;
    return count > 0 ? [`${count} ${role === "affected" ? "affected location" : role}${count === 1 ? "" : "s"}`] : [];
  }).join(", ");
}

/** One unverified locate hit; `content` is one JSON line with the verification marker and the next call. */
function candidateEvidence(candidate: Candidate): EvidenceDraft {
  const range = { path: candidate.path, startLine: candidate.startLine, endLine: candidate.endLine };
  const { role, ...facts } = candidate;
  return {
    kind: "locate_hit",
    source: range,
    content: JSON.stringify({
      candidate: role,
      ...facts,
      verification: { required: true, status: "unverified" },
      next: { tool: "read_slice", input: range },
    }),
    verified: false,
  };
}
