/**
 * What a request names in the workspace, and the workspace it is read against: the types the
 * request reader (`request.ts`) and the paths it reads by description (`describedPaths.ts`) share.
 */
export interface WorkspaceIndex {
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
  /** The lines a file holds now, read on demand (absent: not known). */
  lines?: (path: string) => number | undefined;
}

export interface PathMention {
  path: string;
  /** `file`/`dir`: exists in the workspace; `new`: path-shaped but not there (only a change can target it). */
  kind: "file" | "dir" | "new";
  /** Offset in the request. */
  at: number;
  /** How the request wrote it, when that differs from `path` (a bare name resolved, a folder and a file joined). */
  written?: string;
  /** For a file name joined to a folder: the file as it was read alone (a move's source: "move a.txt into archive"). */
  unjoined?: { path: string; kind: "file" | "dir" | "new" };
  /** A dot-name written as a kind of file ("the .tmp files", "every .DS_Store file", "所有 .log 文件"): files by pattern, not one path. */
  pattern?: boolean;
  /** A path that does not exist yet, written as a folder (`docs/guide/`). */
  folder?: boolean;
  /** A file named as where something is (from "from a.txt", "a.txt 里"): a change acts inside it. */
  place?: boolean;
  /** A file named as where something goes ("to .gitignore", "加到 a.txt"): an addition changes it. */
  toward?: boolean;
}
