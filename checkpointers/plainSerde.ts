/**
 * The checkpoint serializer's read side without LangChain (issue 24, item 4): what LangGraph's
 * JsonPlusSerializer (`@langchain/langgraph-checkpoint` 1.2.2, serde/jsonplus.js) `loadsTyped`
 * returns, except that a serialized LangChain object (`{lc: 1, type: "constructor", id, kwargs}`,
 * a saved message) stays that plain data instead of being revived through
 * `@langchain/core/load`, which alone costs a reading command most of its start-up. Everything
 * else is revived as the serializer does. A record this reader does not know is refused in one
 * line, never guessed at.
 */
import { inflateRawSync } from "node:zlib";
import { CheckpointStoreError } from "./errors.js";

/** Type prefix of a value the versioned SQLite saver deflated (versionedSqliteSaver.ts `ZIP`). */
const ZIP = "z+";

/** A stored value this reader cannot decode exactly: one line for the user. */
export class UnreadableCheckpointError extends CheckpointStoreError {}

type Rec = Record<string, unknown>;

const singleId = (record: Rec, name: string) => Array.isArray(record.id) && record.id.length === 1 && record.id[0] === name;
const noMethod = (record: Rec) => record.method === undefined || record.method === null;
const singleArrayArg = (record: Rec): record is Rec & { args: [unknown[]] } => Array.isArray(record.args) && record.args.length === 1 && Array.isArray(record.args[0]);
const isByte = (item: unknown) => typeof item === "number" && Number.isInteger(item) && item >= 0 && item <= 255;

/** The closed set of `lc: 2` constructor records the serializer writes; undefined keeps the record inert, as it does. */
function reviveConstructorRecord(record: Rec): unknown {
  if (singleId(record, "Set") && noMethod(record)) return singleArrayArg(record) ? new Set(record.args[0]) : undefined;
  if (singleId(record, "Map") && noMethod(record)) {
    if (!singleArrayArg(record) || !record.args[0].every((entry) => Array.isArray(entry) && entry.length === 2)) return undefined;
    return new Map(record.args[0] as Array<[unknown, unknown]>);
  }
  if (singleId(record, "RegExp") && noMethod(record)) {
    const args = record.args;
    if (!Array.isArray(args) || args.length !== 2 || typeof args[0] !== "string" || typeof args[1] !== "string") return undefined;
    try {
      return new RegExp(args[0], args[1]);
    } catch {
      return undefined;
    }
  }
  if (singleId(record, "Error") && noMethod(record)) {
    const args = record.args;
    return Array.isArray(args) && args.length === 1 && typeof args[0] === "string" ? new Error(args[0]) : undefined;
  }
  if (singleId(record, "Uint8Array") && (noMethod(record) || record.method === "from")) {
    return singleArrayArg(record) && record.args[0].every(isByte) ? new Uint8Array(record.args[0] as number[]) : undefined;
  }
  return undefined;
}

/** The serializer's reviver, innermost values first, with LangChain objects left as data. */
function revive(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(revive);
  const revived: Rec = {};
  for (const [k, v] of Object.entries(value)) revived[k] = revive(v);
  if (revived.lc === 2 && revived.type === "undefined") return undefined;
  if (revived.lc === 2 && revived.type === "delta_snapshot" && Object.prototype.hasOwnProperty.call(revived, "value")) {
    // LangGraph's delta channels: no channel of Mira's state uses them, so a store holding one was not written by Mira.
    throw new UnreadableCheckpointError("this checkpoint holds a LangGraph delta-channel snapshot, which mira's reading commands do not decode");
  }
  if (revived.lc === 2 && revived.type === "constructor") return reviveConstructorRecord(revived) ?? revived;
  return revived;
}

/** A stored value as the saver's serializer types it ("json", "bytes"), or deflated by the versioned SQLite saver ("z+json"). */
export function loadPlain(type: string, data: Uint8Array | string): unknown {
  if (type.startsWith(ZIP)) return loadTyped(type.slice(ZIP.length), inflateRawSync(data));
  return loadTyped(type, data);
}

/** JsonPlusSerializer.loadsTyped. */
function loadTyped(type: string, data: Uint8Array | string): unknown {
  if (type === "bytes") return typeof data === "string" ? new TextEncoder().encode(data) : data;
  if (type === "json") return revive(JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)));
  throw new UnreadableCheckpointError(`a stored value has serialization type "${type}", which mira's reading commands do not decode`);
}
