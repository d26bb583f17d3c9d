/**
 * Open what was checked (CONTRACT §3; issue 7 "a path swapped during a call"). Checking a
 * path by its real path and then opening it by name is a time-of-check/time-of-use race: a
 * directory symlink flipped in between sends the read or write outside the workspace. So
 * every file a tool reads or writes is reached through descriptors:
 *
 * - directories are opened one component at a time from the root, each descriptor's real
 *   path (the kernel's `/proc/self/fd/N`, not a re-resolution by name) proven inside the root
 *   before the next component is opened relative to it;
 * - a file to read is opened (non-blocking, so a FIFO cannot hang the call), then its
 *   descriptor's real path is proven inside and its type checked: FIFOs, sockets and devices
 *   are refused;
 * - a write goes to a fresh temporary file in the verified directory and is renamed (or,
 *   without overwrite, hard-linked) into place, so it can never follow a symlink out.
 *
 * Every open is bounded by OPEN_TIMEOUT_MS (a stalled network mount or a FIFO opened by
 * another route cannot hold the thread). A hard-linked file is read through its inside name,
 * wherever its other names are (they are not knowable from the file); with
 * `MIRA_REFUSE_HARD_LINKS=1` (off by default: package managers hard-link their stores) a
 * regular file with more than one link is refused instead.
 *
 * Linux only (`/proc/self/fd`). Nothing here throws: failures are data.
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, openSync, promises as fs, readFileSync, readdirSync, readlinkSync, type Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { isInside, normalizeRelPath, type ToolFailure, fail, fsFailure } from "./paths.js";

const { O_RDONLY, O_DIRECTORY, O_NONBLOCK, O_NOCTTY, O_NOFOLLOW } = constants;

/** Longest one open may take before the call gives up on it. */
export const OPEN_TIMEOUT_MS = 5000;

/** The `refuseHardLinks` setting: `MIRA_REFUSE_HARD_LINKS=1` (or `true`). Off by default. */
export const refuseHardLinks = (env: NodeJS.ProcessEnv = process.env): boolean => /^(1|true|yes)$/i.test(env.MIRA_REFUSE_HARD_LINKS ?? "");

/**
 * `fs.open` under OPEN_TIMEOUT_MS. A libuv open cannot be cancelled, so a late handle is
 * closed when it arrives; the caller has already been told `ETIMEDOUT`.
 */
export async function openTimed(target: string, flags: number): Promise<FileHandle> {
  const opening = fs.open(target, flags);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`open did not finish within ${OPEN_TIMEOUT_MS} ms`), { code: "ETIMEDOUT" })), OPEN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([opening, timeout]);
  } catch (err) {
    opening.then((late) => late.close(), () => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The path through which the kernel reaches an open descriptor's object. */
export const fdPath = (handle: FileHandle, name?: string): string => `/proc/self/fd/${handle.fd}${name === undefined ? "" : `/${name}`}`;

const escaped = (rel: string): ToolFailure => ({
  ok: false,
  failure: { recoverable: false, kind: "security_violation", message: `path ${JSON.stringify(rel)} resolves outside the workspace (it may have been swapped during the call)` },
});

/** Closes `handle` unless the descriptor's real path is `root` or below it. */
export async function provenInside(root: string, handle: FileHandle, rel: string): Promise<{ ok: true } | ToolFailure> {
  const real = await fs.readlink(fdPath(handle)).catch(() => null);
  if (real !== null && !real.endsWith(" (deleted)") && isInside(root, real)) return { ok: true };
  await handle.close();
  return escaped(rel);
}

/** What a non-regular entry is, for the refusal message. */
export function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

export type ConfinedDir = { ok: true; dir: FileHandle } | ToolFailure;

/**
 * Opens the workspace directory `relDir` component by component, each one proven inside
 * `root`; with `create`, missing components are created inside the verified parent. The
 * caller closes `dir`.
 */
export async function openDir(root: string, relDir: string, opts: { create: boolean }): Promise<ConfinedDir> {
  const lexical = normalizeRelPath(relDir);
  if (!lexical.ok) return lexical;
  let dir: FileHandle;
  try {
    dir = await openTimed(root, O_RDONLY | O_DIRECTORY);
  } catch (err) {
    return fsFailure(err, ".");
  }
  const parts = lexical.rel === "." ? [] : lexical.rel.split("/");
  for (let i = 0; i < parts.length; i++) {
    const shown = parts.slice(0, i + 1).join("/");
    try {
      if (opts.create) await fs.mkdir(fdPath(dir, parts[i])).catch((err: NodeJS.ErrnoException) => (err.code === "EEXIST" ? undefined : Promise.reject(err)));
      const next = await openTimed(fdPath(dir, parts[i]!), O_RDONLY | O_DIRECTORY);
      await dir.close();
      dir = next;
    } catch (err) {
      await dir.close();
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ELOOP") return escaped(shown);
      if (code === "ENOTDIR" && i === parts.length - 1) return fail("invalid_input", `${shown} is not a directory`);
      return fsFailure(err, shown);
    }
    const inside = await provenInside(root, dir, shown);
    if (!inside.ok) return inside;
  }
  return { ok: true, dir };
}

export type ConfinedFile = { ok: true; handle: FileHandle; stat: Stats } | ToolFailure;

/**
 * Opens the workspace file `rel` for reading: its directory through `openDir`, the file
 * itself non-blocking relative to it, its descriptor proven inside `root`, and refused
 * unless it is a regular file. The caller closes `handle`.
 */
export async function openFileForRead(root: string, rel: string): Promise<ConfinedFile> {
  const parent = await openDir(root, path.posix.dirname(rel), { create: false });
  if (!parent.ok) return parent;
  let handle: FileHandle;
  const entry = fdPath(parent.dir, path.posix.basename(rel));
  try {
    handle = await openTimed(entry, O_RDONLY | O_NONBLOCK | O_NOCTTY);
  } catch (err) {
    // A socket cannot be opened at all (ENXIO); say what it is rather than the errno.
    const stat = (err as NodeJS.ErrnoException).code === "ENXIO" ? await fs.lstat(entry).catch(() => null) : null;
    return stat ? fail("invalid_input", `${rel} is ${kindOf(stat)}, not a regular file; refusing to read it`) : fsFailure(err, rel);
  } finally {
    await parent.dir.close();
  }
  const inside = await provenInside(root, handle, rel);
  if (!inside.ok) return inside;
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    return fail("invalid_input", `${rel} is ${kindOf(stat)}, not a regular file; refusing to read it`);
  }
  if (stat.nlink > 1 && refuseHardLinks()) {
    await handle.close();
    return fail("invalid_input", `${rel} has ${stat.nlink} hard links and MIRA_REFUSE_HARD_LINKS is set; refusing to read it`);
  }
  return { ok: true, handle, stat };
}

/** Reads a whole confined file (at most `maxBytes`, else null); closes it. */
export async function readConfined(root: string, rel: string, maxBytes: number): Promise<{ ok: true; bytes: Buffer | null } | ToolFailure> {
  const file = await openFileForRead(root, rel);
  if (!file.ok) return file;
  try {
    if (file.stat.size > maxBytes) return { ok: true, bytes: null };
    return { ok: true, bytes: await file.handle.readFile() };
  } catch (err) {
    return fsFailure(err, rel);
  } finally {
    await file.handle.close();
  }
}

/**
 * Writes `content` to the workspace file `rel` through a temporary file in its verified
 * directory (created if missing). Refuses a target that is a directory, a symlink or any
 * other non-regular file; without `overwrite`, refuses an existing one (atomically: the
 * temporary file is hard-linked into place, which fails if the name was taken meanwhile).
 * Says whether a file was replaced.
 */
export async function writeConfined(root: string, rel: string, content: string, overwrite: boolean): Promise<{ ok: true; replaced: boolean } | ToolFailure> {
  const parent = await openDir(root, path.posix.dirname(rel), { create: true });
  if (!parent.ok) return parent;
  const { dir } = parent;
  const name = path.posix.basename(rel);
  const target = fdPath(dir, name);
  const temp = fdPath(dir, `.${name}.mira-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const existing = await fs.lstat(target).catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : Promise.reject(err)));
    if (existing && !existing.isFile()) return fail("invalid_input", `${rel} is ${kindOf(existing)}, not a regular file; refusing to write to it`);
    if (existing && !overwrite) return fail("invalid_input", `${rel} already exists; set overwrite to true to replace it`);
    // "wx" = O_CREAT|O_EXCL: never follows a symlink planted under the temporary name.
    // The permission bits carry over, never setuid/setgid/sticky: rewritten content must not
    // inherit a privilege granted to the old content.
    await fs.writeFile(temp, content, { flag: "wx", mode: existing ? existing.mode & 0o777 : 0o666 });
    try {
      if (overwrite) await fs.rename(temp, target);
      else await fs.link(temp, target);
    } finally {
      await fs.unlink(temp).catch(() => undefined);
    }
    return { ok: true, replaced: existing !== null };
  } catch (err) {
    return fsFailure(err, rel);
  } finally {
    await dir.close();
  }
}

/**
 * Runs `act` on the entry `rel` reached through its verified parent directory: the path it
 * gets (`/proc/self/fd/N/name`) names that entry in that directory whatever happens to the
 * path by name meanwhile. An fs error from `act` becomes failure data naming `shown`.
 */
export async function inParent<T>(root: string, rel: string, opts: { create: boolean; shown?: string }, act: (entry: string) => Promise<T | ToolFailure>): Promise<T | ToolFailure> {
  const parent = await openDir(root, path.posix.dirname(rel), opts);
  if (!parent.ok) return parent;
  try {
    return await act(fdPath(parent.dir, path.posix.basename(rel)));
  } catch (err) {
    return fsFailure(err, opts.shown ?? rel);
  } finally {
    await parent.dir.close();
  }
}

/** One entry of a confined directory listing; `stat` is lstat'd through the directory's descriptor. */
export interface ConfinedEntry {
  name: string;
  stat: Stats;
}

/** The entries of an open, verified directory, each lstat'd relative to it (never by name from the root). */
export async function entriesOf(dir: FileHandle): Promise<ConfinedEntry[]> {
  const names = await fs.readdir(fdPath(dir));
  const out: ConfinedEntry[] = [];
  for (const name of names) {
    const stat = await fs.lstat(fdPath(dir, name)).catch(() => null);
    if (stat) out.push({ name, stat });
  }
  return out;
}

/**
 * Opens the subdirectory `name` of the verified `dir` without following a symlink
 * (O_NOFOLLOW), proven inside `root`; null when it is gone, is no longer a directory, or
 * resolves outside (a swap). The caller closes it.
 */
export async function openSubdir(root: string, dir: FileHandle, name: string, rel: string): Promise<FileHandle | null> {
  let child: FileHandle;
  try {
    child = await openTimed(fdPath(dir, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch {
    return null;
  }
  return (await provenInside(root, child, rel)).ok ? child : null;
}

/**
 * The lstat of every entry below `root`, by workspace-relative path, read synchronously: the
 * snapshots around a command (commandChanges.ts) stat every entry twice, and thousands of
 * awaited calls cost more than many commands. Each directory is opened through its verified
 * parent's descriptor without following a symlink and proven inside the root, as openSubdir
 * does; a directory named in `skip` is reported, never entered. Null past `max` entries.
 */
export function lstatTreeSync(root: string, skip: ReadonlySet<string>, max: number): Map<string, Stats> | null {
  const out = new Map<string, Stats>();
  const visit = (fd: number, rel: string): boolean => {
    const base = `/proc/self/fd/${fd}`;
    let names: string[];
    try {
      names = readdirSync(base);
    } catch {
      return true;
    }
    for (const name of names) {
      const stat = lstatSync(`${base}/${name}`, { throwIfNoEntry: false });
      if (!stat) continue;
      const childRel = rel === "." ? name : `${rel}/${name}`;
      out.set(childRel, stat);
      if (out.size > max) return false;
      if (!stat.isDirectory() || skip.has(name)) continue;
      let child: number;
      try {
        child = openSync(`${base}/${name}`, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK);
      } catch {
        continue;
      }
      try {
        if (isInside(root, readlinkSync(`/proc/self/fd/${child}`)) && !visit(child, childRel)) return false;
      } finally {
        closeSync(child);
      }
    }
    return true;
  };
  let fd: number;
  try {
    fd = openSync(root, O_RDONLY | O_DIRECTORY);
  } catch {
    return null;
  }
  try {
    return visit(fd, ".") ? out : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of the workspace file `rel`, read synchronously (the request's reading is synchronous),
 * or null: opened without following a final symlink and without blocking on a FIFO, its descriptor
 * proven inside `root` (a parent swapped for a symlink out of the workspace resolves outside), and
 * read only when it is a regular file of at most `maxBytes` (and not hard-linked when
 * MIRA_REFUSE_HARD_LINKS is set).
 */
export function readConfinedTextSync(root: string, rel: string, maxBytes: number): string | null {
  return readConfinedBytesSync(root, rel, maxBytes)?.toString("utf8") ?? null;
}

/** The bytes of the workspace file `rel`, read as `readConfinedTextSync` reads it, or null. */
export function readConfinedBytesSync(root: string, rel: string, maxBytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path.join(root, rel), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  } catch {
    return null;
  }
  try {
    if (!isInside(root, readlinkSync(`/proc/self/fd/${fd}`))) return null;
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes || (stat.nlink > 1 && refuseHardLinks())) return null;
    return readFileSync(fd);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
