/** Which evidence a goal may count: this turn's, after a given item, a whole read of a file, a listing of a folder, a command's exit. */
import { evidenceNumber, exitCode, real } from "./observedState.js";
import type { Evidence, TaskFrame } from "./types.js";

/** A command whose exit the trace shows. */
export const isExit = (e: Evidence) => e.kind === "command" && exitCode(e) !== null;
/** Evidence gathered in this turn (after the frame's `since`). */
export const inTurn = (frame: Pick<TaskFrame, "since">, evidence: Evidence[]) => evidence.filter((e) => evidenceNumber(e) > (frame.since ?? 0));
export const after = (evidence: Evidence[], mark: Evidence | undefined) => (mark ? evidence.filter((e) => evidenceNumber(e) > evidenceNumber(mark)) : evidence);
/** An observation of a file's whole text (not a hit): what "read back" means. */
export const isRead = (e: Evidence, path: string) => real(e) && e.source.path === path && (e.kind === "content" || e.kind === "passage");
/** A listing of the folder itself: the folder is there. */
export const listed = (e: Evidence, path: string) => real(e) && e.kind === "listing" && e.source.path === path;
