/**
 * CONTRACT §6, issue 21 item 2: a command's steps, read from the trace (command text, exit
 * status, output), observe the target when they ran after the last change of it; the gate's
 * soundness rests on each rule below saying only what the observation really shows.
 */
import { describe, expect, it } from "vitest";
import { commandShowsPath, commandShowsText, commandReads, lastChangingStep, commandMoved } from "../state/commandObservations.js";
import { changesOnlyMetadata } from "../state/commandMetadata.js";
import { commandSteps, isEffectStep, stepStatuses } from "../state/commandSteps.js";
import type { Evidence } from "../state/types.js";

let n = 0;
/** A finished run_command item as the tool records it: `$ line` (parts with spaces JSON-quoted), output, `[exit code N]`. */
const cmd = (line: string, output: string, exit: number, cwd = "."): Evidence => ({
  id: `ev-${++n}`,
  kind: "command",
  toolId: "run_command",
  toolCallId: `c${n}`,
  source: { path: cwd },
  content: [`$ ${line}`, output, `[exit code ${exit}]`].join("\n"),
  verified: true,
});

describe("rule: a compound command is read into steps; only changing steps are effects", () => {
  it("the verifying part after the changing part observes; a reader alone is no effect", () => {
    const { steps, opaque } = commandSteps(`sh -c "echo 'k=1' >> conf/a.env && cat conf/a.env"`);
    expect(opaque).toBe(false);
    expect(steps.map(isEffectStep)).toEqual([true, false]);
    expect(lastChangingStep(cmd(`sh -c "echo 'k=1' >> conf/a.env && cat conf/a.env"`, "k=1", 0), "conf/a.env")).toBe(0);
    expect(commandSteps("cat conf/a.env").steps.map(isEffectStep)).toEqual([false]);
    // sed -i, find -delete and inline code that writes change things; without them they only read.
    expect(commandSteps("sed -i s/a/b/ f.txt").steps.map(isEffectStep)).toEqual([true]);
    expect(commandSteps("sed -n 1p f.txt").steps.map(isEffectStep)).toEqual([false]);
    expect(commandSteps(`node -e "require('fs').writeFileSync('x.json','{}')"`).steps.map(isEffectStep)).toEqual([true]);
    expect(commandSteps(`node -e "console.log(require('./x.json').v)"`).steps.map(isEffectStep)).toEqual([false]);
    // A subshell or cd makes the command opaque: it observes nothing.
    expect(commandSteps(`sh -c "cd conf && cat a.env"`).opaque).toBe(true);
  });

  it("an observation before the change in the same command does not count", () => {
    const e = cmd(`sh -c "cat conf/a.env && echo 'k=1' >> conf/a.env"`, "k=0", 0);
    const from = lastChangingStep(e, "conf/a.env");
    expect(commandReads(e, "conf/a.env", from)).toBe(false);
    expect(commandShowsText(e, "conf/a.env", "k=0", from)).toBe(null);
  });

  it("a step's status: the only step's, every step of an && chain that exited 0, the one `; echo $?` printed", () => {
    const chain = commandSteps(`sh -c "ls -d web && ! test -e img && echo gone"`).steps;
    expect(stepStatuses(chain, 0, "web\ngone")).toEqual([0, 1, 0]);
    const echoed = commandSteps(`sh -c "test -e LICENSE.txt; echo $?"`).steps;
    expect(stepStatuses(echoed, 0, "1")).toEqual([1, 0]);
    // A failed && chain does not say which step failed.
    expect(stepStatuses(chain, 1, "")).toEqual([null, null, null]);
  });
});

describe("rule: what a reading step shows about a path", () => {
  it("test -e exiting 0 shows the path exists, exiting 1 shows it absent; test -f failing does not show absence", () => {
    expect(commandShowsPath(cmd("test -e out/report.pdf", "", 0), "out/report.pdf")).toBe(true);
    expect(commandShowsPath(cmd("test -e out/report.pdf", "", 1), "out/report.pdf")).toBe(false);
    expect(commandShowsPath(cmd("test -f out", "", 1), "out")).toBe(null);
    expect(commandShowsPath(cmd(`sh -c "test -e out; echo $?"`, "1", 0), "out")).toBe(false);
    expect(commandShowsPath(cmd(`sh -c "ls -d web && ! test -e img && echo gone"`, "web\ngone", 0), "img")).toBe(false);
    expect(commandShowsPath(cmd("test -e out/report.pdf", "", 0), "out/other.pdf")).toBe(null);
  });

  it("a listing shows a name present when it prints it and absent when it exits 0 without it", () => {
    expect(commandShowsPath(cmd("ls web", "a.png\nindex.html", 0), "web/a.png")).toBe(true);
    expect(commandShowsPath(cmd("ls web", "index.html", 0), "web/a.png")).toBe(false);
    expect(commandShowsPath(cmd("ls -l bin", "total 8\n-rwxr-xr-x 1 u u 20 Jan 1 10:00 run", 0), "bin/run")).toBe(true);
    expect(commandShowsPath(cmd('find web -name "*.png"', "web/a.png", 0), "web/b.png")).toBe(false);
    // The operands are relative to the command's directory.
    expect(commandShowsPath(cmd("ls", "a.png", 0, "web"), "web/a.png")).toBe(true);
  });

  it("grep -c printing 1 or more shows a line with its (literal) pattern is there; 0 shows it is not", () => {
    expect(commandShowsText(cmd('grep -c "retries: 3" conf/app.yml', "1", 0), "conf/app.yml", "retries: 3")).toBe(true);
    expect(commandShowsText(cmd(`sh -c "grep -c 'retries: 3' conf/app.yml || true"`, "0", 0), "conf/app.yml", "retries: 3")).toBe(false);
    // A pattern shorter than the text says only that the text is absent when the pattern is.
    expect(commandShowsText(cmd("grep -c retries conf/app.yml", "1", 0), "conf/app.yml", "retries: 3")).toBe(null);
    // Text the command echoed itself proves nothing about the file.
    expect(commandShowsText(cmd(`sh -c "echo 'retries: 3' && cat conf/app.yml"`, "retries: 3\nmode: x", 0), "conf/app.yml", "retries: 3")).toBe(null);
  });

  it("a succeeded mv step records the move; a chmod alone is a change of metadata", () => {
    expect(commandMoved(cmd(`sh -c "mkdir -p old && mv lib/v1 old/"`, "", 0), "lib/v1", "old/v1")).toBe(true);
    expect(commandMoved(cmd(`sh -c "mkdir -p old && mv lib/v1 old/"`, "", 1), "lib/v1", "old/v1")).toBe(false);
    expect(changesOnlyMetadata(cmd(`sh -c "chmod +x bin/run && cp bin/run bin/run2"`, "", 0), "bin/run")).toBe(true);
    expect(changesOnlyMetadata(cmd(`sh -c "chmod +x bin/run && cp bin/run2 bin/run"`, "", 0), "bin/run")).toBe(false);
  });
});
