/** A temporary suite made of chosen cases of eval/suite.jsonl (plus extra raw lines), beside the real fixtures. */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export function subsetSuite(ids: string[], extraLines: string[] = []): string {
  const lines = readFileSync("eval/suite.jsonl", "utf8").split("\n").filter(Boolean);
  const chosen = ids.map((id) => {
    const line = lines.find((l) => (JSON.parse(l) as { id: string }).id === id);
    if (!line) throw new Error(`no case ${id} in eval/suite.jsonl`);
    return line;
  });
  const dir = mkdtempSync(join(tmpdir(), "mira-suite-"));
  symlinkSync(resolve("eval/fixtures"), join(dir, "fixtures"));
  symlinkSync(resolve("eval/turns"), join(dir, "turns"));
  const file = join(dir, "suite.jsonl");
  writeFileSync(file, `${[...chosen, ...extraLines].join("\n")}\n`);
  return file;
}
