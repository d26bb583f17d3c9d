/**
 * The Harness (CONTRACT §7): one registry of concrete tools and the six states of each,
 * registered ≠ ready ≠ authorized ≠ discoverable ≠ disclosed ≠ executable, plus Progressive
 * Resolution (what to disclose for a task) and the scoped capability view of each agent.
 *
 * It decides visibility and executability, never a call: nothing here turns a match into an
 * invocation (the Planner chooses; Normalize → Policy → Approval still judge every call).
 * Hiding is not used as Policy: a disclosed tool that is not ready or not authorized stays
 * visible in `status` with its reason, and `checkExecutable` refuses it.
 */
import { prepareLanguage } from "../language/terms.js";
import type { ToolDefinition, Readiness, ToolSource } from "../tools/types.js";
import { authorize, narrowAuthority, type AuthorityDecision } from "./authority.js";
import { metadataOf, renderCompactCatalog, type ToolMetadata } from "./catalogView.js";
import { DEFAULT_LOADOUT_CAP, discloseInto, touchIn } from "./loadout.js";
import { ToolRegistry, type RegisteredResource, type RegisteredTool } from "./registry.js";
import { isCompatEntry, isReadLike, RESOURCE_READER, resourceMetadata, resourceStatusOf, type ResourceStatus } from "./resources.js";
import { tuning } from "./resolution/config.js";
import type { StageRanking } from "./resolution/types.js";
import type { SemanticResolver } from "./resolution/stages/semantic.js";
import type { SkillProfile } from "../skills/library.js";
import type { AgentScope, AuthorityEnvelope, ResolutionStage, ToolStateName, ToolStatus } from "./types.js";

export interface HarnessOptions {
  sources: ToolSource[];
  /** The main agent's authority envelope for this run. */
  authority: AuthorityEnvelope;
  /** Most tools a loadout holds; the least recently used are evicted first. Default 12. */
  loadoutCap?: number;
  /** Used only on genuine ambiguity and by tool_search; lexical ranking otherwise. */
  semantic?: SemanticResolver;
  /** K: most tools a first disclosure holds when no exact name is given. Default 8, at most 10. */
  disclosureLimit?: number;
  /** Disclosed tools whose full schema the Planner gets at once (the most recent); the rest as metadata. Default 2. */
  schemaSlots?: number;
  /**
   * Skill name → its child's execution profile: the tool patterns it may use and an optional
   * private runtime, registered only in that skill child's view (never on the main surface).
   */
  skills?: Record<string, SkillProfile>;
}

export interface Resolution {
  disclosed: { name: string; stage: ResolutionStage }[];
  /** Time spent resolving, the index already built (see `prepare`). */
  elapsedMs: number;
  /** The deterministic stages disagreed about the best tool or found none (the only case the semantic stage runs). */
  ambiguous: boolean;
}

export interface ResolveOptions {
  /** Most tools disclosed; default the Harness's K (`disclosureLimit`), never above 10. */
  limit?: number;
}


export type Executability = { ok: true; tool: ToolDefinition } | { ok: false; state: ToolStateName; reason: string };

/** K's default and its ceiling (CONTRACT §7: a few good candidates, at most 10). */
export const DEFAULT_DISCLOSURE_LIMIT = 8;
export const MAX_DISCLOSURE_LIMIT = 10;

/**
 * Two full schemas per Planner call: the best-ranked (or latest) tool and the next, so the
 * Planner calls either without a `tool_search` round trip. A third pays for itself in fewer
 * searches but takes the 62-tool gold set's request past 1.3× the prompt at issue filing;
 * the rest of the loadout stays one-line metadata (see the resolution bench).
 */
const DEFAULT_SCHEMA_SLOTS = 2;
/** A metadata entry's one line is a reminder of what the tool does, not its documentation. */
const METADATA_SUMMARY_CHARS = 80;
const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

const clampLimit = (limit: number): number => Math.max(1, Math.min(MAX_DISCLOSURE_LIMIT, Math.floor(limit)));

type StateResult = ToolStatus["states"][ToolStateName];
const reached: StateResult = { reached: true };
const notReached = (reason: string): StateResult => ({ reached: false, reason });

export class Harness {
  readonly authority: AuthorityEnvelope;
  readonly loadoutCap: number;
  /** K: most tools a first disclosure holds. */
  readonly disclosureLimit: number;
  readonly schemaSlots: number;
  private readonly registry: ToolRegistry;
  /** Skill name → the registry with its private runtime added, built once. */
  private readonly skillRegistries = new Map<string, ToolRegistry>();

  /**
   * @param shared internal: a registry shared with the Harness this one was derived from
   *   (`forScope`, `withAuthority`), so a child never rebuilds the resolution index.
   */
  constructor(
    private readonly options: HarnessOptions,
    shared?: ToolRegistry,
  ) {
    this.authority = options.authority;
    this.loadoutCap = options.loadoutCap ?? DEFAULT_LOADOUT_CAP;
    this.disclosureLimit = clampLimit(options.disclosureLimit ?? DEFAULT_DISCLOSURE_LIMIT);
    this.schemaSlots = Math.max(1, options.schemaSlots ?? DEFAULT_SCHEMA_SLOTS);
    this.registry = shared ?? new ToolRegistry(options.sources);
  }

  /** A registered tool by canonical name, whatever its other states. */
  get(name: string): ToolDefinition | undefined {
    return this.registry.tools.get(name)?.tool;
  }

  /**
   * Registered tools of the catalog, by name. Compatibility entries (`read`) are registered but
   * left out: they are disclosed only when a model names them, never in the default loadout.
   */
  registered(): ToolDefinition[] {
    return this.allTools().filter((tool) => !isCompatEntry(tool));
  }

  /** The six states of each named tool (default: every registered one, compatibility entries too) against `loadout`. */
  status(names?: string[], loadout: readonly string[] = []): ToolStatus[] {
    const wanted = names ?? this.allTools().map((tool) => tool.name);
    return wanted.map((name) => this.statusOf(name, loadout));
  }

  /** Each listed resource's five states (registered, ready, authorized, discoverable, disclosed) against `loadout`. */
  resourceStatus(loadout: readonly string[] = []): ResourceStatus[] {
    return [...this.registry.resources.values()]
      .sort((a, b) => (a.entry.uri < b.entry.uri ? -1 : 1))
      .map((resource) => {
        const readiness = resourceReadiness(resource);
        const decision = this.resourceAuthority(resource);
        return resourceStatusOf(resource.entry, readiness.ready ? reached : notReached(readiness.reason), decision.allowed ? reached : notReached(decision.reason), loadout);
      });
  }

  /**
   * Builds (or loads from the disk cache) the resolution index now, and loads the language
   * tables a task in `sample`'s script needs, rather than inside the first resolution; says
   * how long that took, so a caller can report it apart from `elapsedMs`.
   */
  prepare(sample = ""): { indexMs: number; cached: boolean; tools: number } {
    const started = performance.now();
    const { cached } = this.registry.indexBuild;
    prepareLanguage(sample);
    return { indexMs: performance.now() - started, cached, tools: this.registry.tools.size };
  }

  /**
   * Progressive Resolution, deterministic stages only: an exact canonical name alone, or the
   * fused structural and lexical rankings cut at K. Only ready, authorized, discoverable
   * tools. Never throws; a task nothing matches discloses nothing (no registration-order fallback).
   */
  resolve(task: string, opts: ResolveOptions = {}): Resolution {
    const index = this.registry.index; // built or loaded before the clock starts: elapsedMs is resolution alone
    const started = performance.now();
    const { disclosed, ambiguous } = index.resolve(task, (name) => this.rankable(name), this.limitOf(opts));
    return { disclosed: this.withReader(disclosed), ambiguous, elapsedMs: performance.now() - started };
  }

  /**
   * `resolve`, plus the semantic stage when a resolver is configured and only on genuine
   * ambiguity (the deterministic stages disagree about the best tool, or found none): its
   * ranking of the discoverable tools is fused with theirs. A resolver fault leaves the
   * deterministic answer in place.
   */
  async resolveWithSemantic(task: string, opts: ResolveOptions = {}): Promise<Resolution> {
    const index = this.registry.index;
    const started = performance.now();
    const limit = this.limitOf(opts);
    const eligible = (name: string) => this.rankable(name);
    let result = index.resolve(task, eligible, limit);
    const semantic = this.options.semantic;
    if (result.ambiguous && semantic && !result.disclosed.some((hit) => hit.stage === "exact")) {
      const candidates = this.registered().filter((tool) => eligible(tool.name));
      const ranked = await semantic.rank(task, candidates, tuning.stageDepth).catch(() => undefined);
      if (ranked) {
        const extra: StageRanking = { stage: "semantic", names: ranked };
        result = { ...index.resolve(task, eligible, limit, [extra]), ambiguous: true };
      }
    }
    return { disclosed: this.withReader(result.disclosed), ambiguous: result.ambiguous, elapsedMs: performance.now() - started };
  }

  /**
   * The fused ranking of a task over the discoverable tools, best first, `limit` names (no
   * K ceiling): the top-N view of Progressive Resolution's evidence, for callers that expose
   * a fixed number of tools.
   */
  rank(task: string, limit: number): string[] {
    return this.registry.index.rank(task, (name) => this.rankable(name), limit);
  }

  /**
   * The Planner's `tool_search` action. A query that is a tool's exact canonical name gets
   * that tool alone (an eligible one; already disclosed or not). Otherwise the semantic
   * resolver's ranking over every discoverable tool when configured, else the fused stages
   * followed by relaxed (fuzzy, prefix) lexical matches. Hits already in the loadout are
   * returned too, so disclosing them refreshes them; nothing found is ever evicted for them.
   * Every hit has stage "search".
   */
  async search(query: string, opts: ResolveOptions = {}): Promise<Resolution> {
    const index = this.registry.index;
    const started = performance.now();
    const limit = this.limitOf(opts);
    const eligible = (name: string) => this.rankable(name);
    const exact = query.trim();
    // An exact name discloses that entry alone (a compatibility entry only this way; a resource with its reader).
    if (this.registry.has(exact) && this.discoverable(exact)) {
      return { disclosed: this.withReader([{ name: exact, stage: "search" }]), ambiguous: false, elapsedMs: performance.now() - started };
    }
    const semantic = this.options.semantic;
    let names: string[] | undefined;
    if (semantic) {
      const candidates = this.registered().filter((tool) => eligible(tool.name));
      names = await semantic.rank(query, candidates, limit).catch(() => undefined);
    }
    if (names) {
      // The semantic resolver ranks tools only; resources the lexical search finds join its ranking.
      const resources = index.searchRanking(query, (name) => this.registry.resources.has(name) && eligible(name), Math.min(3, limit));
      names = [...names.filter((name) => !resources.includes(name)).slice(0, limit - resources.length), ...resources];
    }
    names ??= index.searchRanking(query, eligible, limit);
    const disclosed = names.slice(0, limit).map((name) => ({ name, stage: "search" as const }));
    return { disclosed: this.withReader(disclosed), ambiguous: false, elapsedMs: performance.now() - started };
  }

  /**
   * The new loadout after disclosing a ranking, best first: the best becomes the most recently
   * used, so it is the last evicted and the first to get its full schema (`plannerView`). A
   * name already in the loadout is refreshed, never evicted for the others.
   */
  discloseRanked(loadout: readonly string[], ranked: readonly string[]): string[] {
    return this.disclose(loadout, [...ranked].reverse());
  }

  /** The new loadout after disclosing `names` (unregistered names are dropped): LRU, capped. */
  disclose(loadout: readonly string[], names: readonly string[]): string[] {
    return discloseInto(
      loadout,
      names.filter((name) => this.registry.has(name)),
      this.loadoutCap,
    );
  }

  /** The loadout with `name` marked as just used, so it is evicted last. */
  touch(loadout: readonly string[], name: string): string[] {
    return touchIn(loadout, name);
  }

  /**
   * The Harness an agent of `scope` works through: main is this one; a child gets the same
   * registry and the parent's authority envelope (narrowed to `restrict` and, for a skill
   * child, to the skill's declared tools), never the parent's loadout. A skill child's
   * registry also holds the skill's private runtime; no other view ever does.
   */
  forScope(scope: AgentScope, restrict?: string[]): Harness {
    if (scope.kind === "main" && !restrict) return this;
    const profile = scope.kind === "skill_child" ? this.options.skills?.[scope.skill] : undefined;
    // A skill child may use its skill's tools only; an unknown skill gets none, never the parent's all.
    const skillTools = scope.kind === "skill_child" ? (profile?.tools ?? []) : undefined;
    const narrowed = this.childAuthority(this.childAuthority(this.authority, restrict), skillTools);
    if (scope.kind !== "skill_child" || !profile?.runtime) return this.withAuthority(narrowed);
    let registry = this.skillRegistries.get(scope.skill);
    if (!registry) {
      registry = new ToolRegistry([...this.options.sources, profile.runtime]);
      this.skillRegistries.set(scope.skill, registry);
    }
    return new Harness({ ...this.options, sources: [...this.options.sources, profile.runtime], authority: narrowed }, registry);
  }


  /** Same registry and index, another authority envelope. */
  withAuthority(authority: AuthorityEnvelope): Harness {
    return new Harness({ ...this.options, authority }, this.registry);
  }

  /**
   * What the Planner of an agent of `scope` is shown of its loadout: the full schemas of the
   * `schemaSlots` most recently disclosed or used executable tools (after a first disclosure,
   * the best-ranked; the Planner binds them as callable functions), and metadata (name,
   * domain, one line, risk) for the rest, most recent first. A tool shown as metadata is
   * still disclosed, so Normalize accepts a call to it; a chat model, which can call only
   * bound functions, asks `tool_search` for it by name, and that brings its full schema.
   */
  plannerView(scope: AgentScope, loadout: readonly string[]): { schemas: ToolDefinition[]; metadata: ToolMetadata[] } {
    const recentFirst = this.view(scope, loadout).reverse();
    const metadata = recentFirst.slice(this.schemaSlots).map(metadataOf).map((entry) => ({ ...entry, summary: clip(entry.summary, METADATA_SUMMARY_CHARS) }));
    // Disclosed resources: metadata (name, URI, description), never content; read_resource reads them.
    const harness = this.forScope(scope);
    const resources = [...loadout].reverse().flatMap((name) => {
      const resource = this.registry.resources.get(name);
      return resource && harness.discoverable(name) ? [resourceMetadata(resource.entry)] : [];
    });
    return { schemas: recentFirst.slice(0, this.schemaSlots), metadata: [...metadata, ...resources] };
  }

  /** The executable tools of an agent of `scope` whose loadout is `loadout`, in loadout order. */
  view(scope: AgentScope, loadout: readonly string[]): ToolDefinition[] {
    const harness = this.forScope(scope);
    return loadout.flatMap((name) => {
      const verdict = harness.checkExecutable(name, loadout);
      return verdict.ok ? [verdict.tool] : [];
    });
  }

  /**
   * Normalize's check on a model-named tool: registered, ready, authorized and disclosed to
   * this agent. Never throws; a refusal names the first state not reached and why.
   */
  checkExecutable(name: string, loadout: readonly string[]): Executability {
    const entry = this.registry.tools.get(name);
    if (!entry) {
      if (this.registry.resources.has(name)) {
        return { ok: false, state: "registered", reason: `"${name}" is a resource, not a tool; read it with ${RESOURCE_READER} {"uri": "${name}"}` };
      }
      const compat = isReadLike(name) ? this.allTools().find((tool) => isCompatEntry(tool) && tool.name === "read") : undefined;
      const hint = compat ? `; to read a file or list a directory, the compatibility entry "read" exists: tool_search "read" discloses it` : "";
      return { ok: false, state: "registered", reason: `no tool named "${name}" is registered; choose a disclosed tool or use tool_search${hint}` };
    }
    const readiness = readinessOf(entry);
    if (!readiness.ready) return { ok: false, state: "ready", reason: `tool "${name}" is not ready: ${readiness.reason}` };
    const decision = authorityOf(this.authority, entry);
    const disclosed = loadout.includes(name);
    if (!decision.allowed) {
      const prefix = disclosed ? "disclosed but " : "";
      return { ok: false, state: "authorized", reason: `tool "${name}" is ${prefix}not authorized for this run (${decision.reason})` };
    }
    if (!disclosed) {
      return { ok: false, state: "disclosed", reason: `tool "${name}" was never disclosed to this agent (not in its loadout); use a disclosed tool or tool_search` };
    }
    return { ok: true, tool: entry.tool };
  }

  /** Layer 1: domain groups → a few names; small and bounded by the number of domains. */
  compactCatalog(): string {
    return renderCompactCatalog(this.registered().filter((tool) => this.discoverable(tool.name)));
  }

  /** Layer 2: name, domain, one line and risk of each named, discoverable tool. */
  metadata(names: readonly string[]): ToolMetadata[] {
    return names.flatMap((name) => {
      const tool = this.get(name);
      if (tool) return this.discoverable(name) ? [metadataOf(tool)] : [];
      const resource = this.registry.resources.get(name);
      return resource && this.discoverable(name) ? [resourceMetadata(resource.entry)] : [];
    });
  }

  /** A child's envelope: the parent's, narrowed to `restrict` when given, never widened. */
  childAuthority(parent: AuthorityEnvelope, restrict?: string[]): AuthorityEnvelope {
    return narrowAuthority(parent, restrict, (name) => this.get(name));
  }

  /** Stops listening to source changes (the sources themselves are closed by their owner). */
  detach(): void {
    this.registry.detach();
    for (const registry of this.skillRegistries.values()) registry.detach();
  }

  private limitOf(opts: ResolveOptions): number {
    return clampLimit(opts.limit ?? this.disclosureLimit);
  }

  private allTools(): ToolDefinition[] {
    return [...this.registry.tools.values()].map(({ tool }) => tool).sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** Ready and authorized: a tool, or a resource (its server ready, its reader authorized, the server's config granting it). */
  private discoverable(name: string): boolean {
    const entry = this.registry.tools.get(name);
    if (entry) return readinessOf(entry).ready && authorityOf(this.authority, entry).allowed;
    const resource = this.registry.resources.get(name);
    return resource !== undefined && resourceReadiness(resource).ready && this.resourceAuthority(resource).allowed;
  }

  /** What ranking (resolution, search, rank) may disclose: discoverable, and not a compatibility entry. */
  private rankable(name: string): boolean {
    const entry = this.registry.tools.get(name);
    return (!entry || !isCompatEntry(entry.tool)) && this.discoverable(name);
  }

  /** A resource may be read when this agent may use read_resource and the server's config grants the resource. */
  private resourceAuthority(resource: RegisteredResource): AuthorityDecision {
    const grant = resource.provider.resourceGrant(resource.entry.uri);
    if (!grant.allowed) return grant;
    const reader = this.registry.tools.get(RESOURCE_READER);
    if (!reader) return { allowed: false, reason: `${RESOURCE_READER} is not registered` };
    const decision = authorityOf(this.authority, reader);
    return decision.allowed ? decision : { allowed: false, reason: `${RESOURCE_READER} is not authorized (${decision.reason})` };
  }

  /** A disclosure that holds a resource also discloses read_resource, the only way to read it. */
  private withReader<T extends { name: string; stage: ResolutionStage }>(hits: T[]): T[] {
    const first = hits.find((hit) => this.registry.resources.has(hit.name));
    if (!first || hits.some((hit) => hit.name === RESOURCE_READER) || !this.discoverable(RESOURCE_READER)) return hits;
    return [...hits, { ...first, name: RESOURCE_READER }];
  }

  private statusOf(name: string, loadout: readonly string[]): ToolStatus {
    const entry = this.registry.tools.get(name);
    if (!entry) {
      const missing = notReached("not registered");
      return {
        name,
        source: "",
        states: {
          registered: notReached(`no source registers a tool named "${name}"`),
          ready: missing,
          authorized: missing,
          discoverable: missing,
          disclosed: missing,
          executable: missing,
        },
      };
    }
    const readiness = readinessOf(entry);
    const decision = authorityOf(this.authority, entry);
    const ready = readiness.ready ? reached : notReached(readiness.reason);
    const authorized = decision.allowed ? reached : notReached(decision.reason);
    const blocker = !readiness.ready ? `not ready: ${readiness.reason}` : !decision.allowed ? `not authorized: ${decision.reason}` : undefined;
    const disclosed = loadout.includes(name)
      ? reached
      : notReached("not in this agent's loadout (never disclosed, or evicted as least recently used)");
    return {
      name,
      source: entry.source.id,
      states: {
        registered: reached,
        ready,
        authorized,
        discoverable: blocker ? notReached(`resolution skips it (${blocker})`) : reached,
        disclosed,
        executable: blocker ? notReached(blocker) : disclosed.reached ? reached : notReached("its schema was never disclosed (not in the loadout)"),
      },
    };
  }
}

/** Authorized = the run's envelope allows the tool and its source grants it. */
function authorityOf(envelope: AuthorityEnvelope, entry: RegisteredTool): AuthorityDecision {
  const decision = authorize(envelope, entry.tool);
  return decision.allowed ? (entry.source.grant?.(entry.tool.name) ?? decision) : decision;
}

/** A resource provider's readiness; a probe that throws counts as not ready. */
function resourceReadiness(resource: RegisteredResource): Readiness {
  try {
    return resource.provider.resourceReadiness();
  } catch (error) {
    return { ready: false, reason: `readiness probe failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A source's readiness answer; a probe that throws counts as not ready, never as a crash. */
function readinessOf(entry: RegisteredTool): Readiness {
  try {
    return entry.source.readiness(entry.tool.name);
  } catch (error) {
    return { ready: false, reason: `readiness probe failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
