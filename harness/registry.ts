/**
 * The registered state: which tools exist, from which source. Rebuilt lazily whenever a
 * source reports a change (an MCP server connecting or listing new tools), together with the
 * resolution index, so the index is built once per tool set and never inside a query.
 */
import type { ToolDefinition, ToolSource } from "../tools/types.js";
import { indexFor, type BuiltIndex } from "./resolution/index/cache.js";
import type { ResolutionIndex } from "./resolution/resolver.js";

export interface RegisteredTool {
  tool: ToolDefinition;
  source: ToolSource;
}

export class ToolRegistry {
  private entries: Map<string, RegisteredTool> | undefined;
  private built: BuiltIndex | undefined;
  private readonly unsubscribes: (() => void)[] = [];

  constructor(private readonly sources: readonly ToolSource[]) {
    for (const source of sources) {
      const unsubscribe = source.onChange?.(() => this.invalidate());
      if (unsubscribe) this.unsubscribes.push(unsubscribe);
    }
  }

  /** Name → tool and source. When two sources register one name the first source wins. */
  get tools(): Map<string, RegisteredTool> {
    if (!this.entries) {
      const entries = new Map<string, RegisteredTool>();
      for (const source of this.sources) {
        for (const tool of source.tools()) if (!entries.has(tool.name)) entries.set(tool.name, { tool, source });
      }
      this.entries = entries;
    }
    return this.entries;
  }

  get index(): ResolutionIndex {
    return this.indexBuild.index;
  }

  /** The index with how long it took to build or load, and whether it came from the disk cache. */
  get indexBuild(): BuiltIndex {
    this.built ??= indexFor([...this.tools.values()].map(({ tool }) => tool));
    return this.built;
  }

  invalidate(): void {
    this.entries = undefined;
    this.built = undefined;
  }

  /** Stops listening to the sources (does not close them: their owner does). */
  detach(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }
}
