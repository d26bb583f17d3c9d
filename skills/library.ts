/**
 * The skill library: a folder of skill folders, each with a `skill.yaml` manifest and a body.
 * Summary first, body later: loading reads the manifests only; `body()` reads a skill's
 * instructions when a delegation picks it. A malformed manifest is one clear error naming
 * the file (the run does not start; a paused run stays paused).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { InputError } from "../contract/errors.js";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";
import { SkillManifest } from "./manifest.js";
import { privateRuntimeSource } from "./privateRuntime.js";
import type { ToolSource } from "../tools/types.js";

/** A skill folder that cannot be used. */
export class SkillError extends InputError {}

/** The skills shipped with Mira. */
export const BUILTIN_SKILLS_DIR = join(PACKAGE_ROOT, "skills", "builtin");

export interface SkillSummary {
  name: string;
  summary: string;
  whenToUse: string;
}

/** What a skill's child runs with: its tool patterns and, if declared, its private runtime. */
export interface SkillProfile {
  tools: string[];
  runtime?: ToolSource;
}

export interface Skill {
  manifest: SkillManifest;
  dir: string;
}

export class SkillLibrary {
  private readonly bodies = new Map<string, string>();

  private constructor(private readonly skills: ReadonlyMap<string, Skill>) {}

  /** Reads every `<dir>/<skill>/skill.yaml`; throws SkillError with one line on the first bad one. */
  static load(dir: string): SkillLibrary {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SkillError(`skills folder not found: ${dir}`);
    const skills = new Map<string, Skill>();
    for (const entry of readdirSync(dir).sort()) {
      const skillDir = join(dir, entry);
      if (!statSync(skillDir).isDirectory()) continue;
      if (!existsSync(join(skillDir, "skill.yaml"))) throw new SkillError(`skill folder ${skillDir} has no skill.yaml manifest`);
      const manifest = readManifest(join(skillDir, "skill.yaml"));
      if (skills.has(manifest.name)) throw new SkillError(`two skills are named "${manifest.name}" in ${dir}`);
      if (!existsSync(join(skillDir, manifest.body))) throw new SkillError(`skill "${manifest.name}": its body ${manifest.body} is missing in ${skillDir}`);
      skills.set(manifest.name, { manifest, dir: skillDir });
    }
    return new SkillLibrary(skills);
  }

  /** What the main Planner sees: one summary per skill, no bodies, no tools. */
  summaries(): SkillSummary[] {
    return [...this.skills.values()].map(({ manifest: m }) => ({ name: m.name, summary: m.summary, whenToUse: m.whenToUse }));
  }

  get(name: string): Skill | undefined {
    return this.skills.get(name);
  }

  /** The skill's instructions, read on first use (a skill never chosen is never read). */
  body(name: string): string {
    const skill = this.skills.get(name);
    if (!skill) return "";
    let text = this.bodies.get(name);
    if (text === undefined) {
      text = readFileSync(join(skill.dir, skill.manifest.body), "utf8");
      this.bodies.set(name, text);
    }
    return text;
  }

  /** Names of the skills whose body was loaded so far. */
  loadedBodies(): string[] {
    return [...this.bodies.keys()];
  }

  /** Execution profiles for the Harness; private runtimes are probed in `workspaceRoot`. */
  profiles(workspaceRoot: string): Record<string, SkillProfile> {
    return Object.fromEntries(
      [...this.skills.values()].map(({ manifest: m }) => {
        const runtime = m.runtime ? privateRuntimeSource(m.name, m.runtime, workspaceRoot) : undefined;
        return [m.name, { tools: runtime ? [...m.tools, m.runtime!.tool] : m.tools, ...(runtime ? { runtime } : {}) }];
      }),
    );
  }
}

function readManifest(path: string): SkillManifest {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, "utf8"));
  } catch (err) {
    throw new SkillError(`cannot read skill manifest ${path}: ${(err as Error).message.split("\n")[0]}`);
  }
  const parsed = SkillManifest.safeParse(raw);
  if (!parsed.success) throw new SkillError(`malformed skill manifest ${path}: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
  return parsed.data;
}
