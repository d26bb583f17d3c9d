/**
 * Workspace paths as the completion gate compares them: relative, with `/`, `.` the root.
 * Shared by what observations and commands say about a path (observedState.ts,
 * commandObservations.ts).
 */
import { posix } from "node:path";

export const dirOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");
export const baseOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** True when `path` is `scope` or lies under it (`.` is the whole workspace). */
export const within = (path: string, scope: string): boolean => scope === "." || scope === "" || path === scope || path.startsWith(`${scope}/`);

/** True when `a` is `b`, lies under it, or holds it. */
export const related = (a: string, b: string): boolean => within(a, b) || within(b, a);

/** An operand as a workspace path: relative to the command's directory, without `./` or a trailing `/`. */
export const resolveOperand = (cwd: string, operand: string): string =>
  posix.normalize(cwd === "." || cwd === "" || operand.startsWith("/") ? operand : `${cwd}/${operand}`).replace(/\/+$/, "").replace(/^\.\//, "") || ".";

const PATH_CHAR = /[\p{L}\p{N}_.\/-]/u;

/** True when `text` names `path` as a path of its own: the whole relative path, or its file name. */
export function mentions(text: string, path: string): boolean {
  const forms = [path, baseOf(path)].filter((f, i, all) => f.length >= 2 && all.indexOf(f) === i);
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      const before = text[at - 1];
      const after = text[at + form.length];
      const beforeOk = before === undefined || before === "/" || !PATH_CHAR.test(before);
      const afterOk = after === undefined || after === "/" || !PATH_CHAR.test(after) || (after === "." && !PATH_CHAR.test(text[at + form.length + 1] ?? " "));
      if (beforeOk && afterOk) return true;
    }
  }
  return false;
}
