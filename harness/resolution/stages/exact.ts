/** The exact stage: canonical tool names written in the task. */
import { TOOL_NAME } from "../index/enrichment.js";
import type { Postings } from "../index/postings.js";
import type { Eligible } from "../types.js";

/** Tool names written verbatim in the task (`use git_diff`), in order of appearance. */
export function exact(postings: Postings, task: string, eligible: Eligible): string[] {
  const found: string[] = [];
  for (const match of task.matchAll(TOOL_NAME)) {
    const name = match[0];
    if (postings.byName.has(name) && eligible(name) && !found.includes(name)) found.push(name);
  }
  for (const name of postings.otherScriptNames) if (task.includes(name) && eligible(name) && !found.includes(name)) found.push(name);
  return found;
}
