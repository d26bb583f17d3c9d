/**
 * PostgresSaver with channel versions that are unique per write, so forks keep their state.
 *
 * Why: the stock saver (@langchain/langgraph-checkpoint-postgres 1.0.5) numbers channel
 * versions 1, 2, 3… and stores blobs keyed by (thread, ns, channel, version) with
 * ON CONFLICT DO NOTHING. A fork from an earlier checkpoint computes the same next version
 * numbers as the original branch, so the fork's blobs are silently dropped and it reads the
 * original branch's values (langgraphjs#1812). Verified here: `updateState` on the checkpoint
 * after node "a" of a→b→c showed the original's "b" values, and resuming the fork ran nothing.
 * Python's PostgresSaver avoids this with versions "<32-digit counter>.<random>"; this does the same.
 *
 * Caveat: a thread written by the stock saver has numeric versions; mixing them with string
 * versions breaks version comparisons, so do not resume such threads with this saver.
 */
import { randomBytes } from "node:crypto";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";

export class BranchSafePostgresSaver extends PostgresSaver {
  /**
   * Zero-padded so string comparison (which LangGraph uses for string versions) orders by
   * counter; the random suffix makes two branches' "next version" differ.
   * The base class is typed for numeric versions only; LangGraph accepts string versions.
   */
  override getNextVersion(current: number | undefined): number {
    const counter = current === undefined ? 0 : Number.parseInt(String(current).split(".")[0] ?? "0", 10);
    const version = `${String(counter + 1).padStart(32, "0")}.${randomBytes(8).toString("hex")}`;
    return version as unknown as number;
  }
}
