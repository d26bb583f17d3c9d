/**
 * A hostile process for the adversarial tests (issue 22): it exchanges pairs of paths as fast
 * as it can, for a bounded number of rounds, so a tool working by name sees one thing at check
 * time and another at use time. Built from C with `renameat2(RENAME_EXCHANGE)` (an atomic swap)
 * when `cc` is available; otherwise a Node child doing the exchange with three renames.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const C_SOURCE = `
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
/* swapper ROUNDS a1 b1 [a2 b2 ...]: exchanges each pair, ROUNDS times. */
int main(int argc, char **argv) {
  long rounds = atol(argv[1]);
  for (long i = 0; i < rounds; i++)
    for (int p = 2; p + 1 < argc; p += 2)
      syscall(SYS_renameat2, AT_FDCWD, argv[p], AT_FDCWD, argv[p + 1], RENAME_EXCHANGE);
  return 0;
}
`;

const NODE_SOURCE = `
const fs = require("fs"); const [rounds, ...pairs] = process.argv.slice(1);
for (let i = 0; i < Number(rounds); i++)
  for (let p = 0; p + 1 < pairs.length; p += 2) {
    const [a, b] = [pairs[p], pairs[p + 1]], t = a + ".swap-tmp";
    try { fs.renameSync(a, t); fs.renameSync(b, a); fs.renameSync(t, b); } catch {}
  }
`;

let built: Promise<string | null> | undefined;

/** The compiled C swapper's path, or null when there is no C compiler. */
export function cSwapper(): Promise<string | null> {
  built ??= (async () => {
    try {
      const dir = await fs.mkdtemp(path.join(tmpdir(), "mira-swapper-"));
      await fs.writeFile(path.join(dir, "swapper.c"), C_SOURCE);
      execFileSync("cc", ["-O2", "-o", path.join(dir, "swapper"), path.join(dir, "swapper.c")], { stdio: "ignore" });
      return existsSync(path.join(dir, "swapper")) ? path.join(dir, "swapper") : null;
    } catch {
      return null;
    }
  })();
  return built;
}

/** Starts a swapper on `pairs` for at most `rounds` rounds; `stop()` kills it and waits for it to end. */
export async function startSwapper(pairs: Array<[string, string]>, rounds = 2_000_000): Promise<{ child: ChildProcess; kind: "c" | "node"; stop: () => Promise<void> }> {
  const binary = await cSwapper();
  const args = [String(rounds), ...pairs.flat()];
  const child = binary ? spawn(binary, args, { stdio: "ignore" }) : spawn(process.execPath, ["-e", NODE_SOURCE, ...args], { stdio: "ignore" });
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    kind: binary ? "c" : "node",
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await ended;
    },
  };
}

/** Resolves to "hang" when `work` takes longer than `ms`. */
export function bounded<T>(work: Promise<T>, ms: number): Promise<T | "hang"> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), ms);
  });
  return Promise.race([work, hang]).finally(() => clearTimeout(timer));
}
