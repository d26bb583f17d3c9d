/**
 * A paused run settled by what the UIs send besides a reply (CONTRACT §3). Applied to the
 * compiled graph a server runs (after `withConfig`, which builds a new instance):
 * - `Command({goto: END})` (Agent Chat UI's "Mark as resolved") and
 *   `updateState(thread, {values: null, asNode: END})` (Agent Inbox's "Mark as Resolved",
 *   `ignoreThread` in its ThreadContext.tsx) are read as Mira's cancel reply to whatever
 *   interrupt is pending. LangGraph alone would re-run the interrupted node with no reply
 *   (which asks again), or drop the interrupt and leave the run `waiting_*` with its call.
 * - New chat input on a run paused inside a SubAgent is relayed to the child: LangGraph would
 *   drop the interrupted SubAgent task and the child's pause with it, unrecorded. A message
 *   answers the child's question; otherwise the child's pending call is rejected with the
 *   message as the reason (a question is left unanswered), the child stops, and the parent
 *   plans the message as its next request. The parent's own pause needs no relay: the input
 *   starts at START and nodes/incoming.ts settles it.
 * Any other input or update passes unchanged.
 */
import { coerceMessageLikeToMessage, type BaseMessageLike } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Command, END, type StateSnapshot } from "@langchain/langgraph";
import type { CancelReply, SupersedeReply } from "../protocol/approvalReply.js";
import type { AgentRunState } from "../state/agentRun.js";
import { messageText } from "../state/conversation.js";
import { MiraInput } from "../state/input.js";

/** The compiled graph's methods this wrapper reads or replaces. */
interface Settleable {
  /** The one method LangGraph runs every `invoke`, `stream` and `streamEvents` through, with the raw input. */
  _streamIterator(input: unknown, options?: Partial<RunnableConfig>): AsyncGenerator<unknown>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot>;
  invoke(input: unknown, config?: RunnableConfig): Promise<unknown>;
}

const RESOLVED: CancelReply = { cancel: true, reason: "marked as resolved" };
const endsRun = (goto: unknown) => (Array.isArray(goto) ? goto : [goto]).includes(END);
const threadOf = (config: Partial<RunnableConfig> | undefined) => config?.configurable?.thread_id as string | undefined;

/** The thread's pending interrupts, and the state of the SubAgent paused among them, if any. */
async function pausedAt(graph: Settleable, threadId: string): Promise<{ interrupts: string[]; child: AgentRunState | null }> {
  const snap = await graph.getState({ configurable: { thread_id: threadId } }, { subgraphs: true });
  const interrupts = snap.tasks.flatMap((t) => t.interrupts.map((i) => i.id)).filter((id): id is string => typeof id === "string");
  const child = snap.tasks.find((t) => t.name === "SubAgent" && t.interrupts.length > 0)?.state as StateSnapshot | undefined;
  return { interrupts, child: (child?.values as AgentRunState | undefined) ?? null };
}

/** The user's newest message and the goal in a run's input (either may be absent). */
function readRequest(input: MiraInput): { message: string | null; goal: string | null } {
  const human = (input.messages ?? []).map((m) => coerceMessageLikeToMessage(m as BaseMessageLike)).filter((m) => m.getType() === "human").at(-1);
  const message = human ? messageText(human).trim() : "";
  return { message: message || null, goal: input.goal?.trim() || null };
}

/** New input on a run paused inside a SubAgent, as the resume that settles the child (null: nothing to relay). */
async function relayToChild(graph: Settleable, input: unknown, threadId: string): Promise<Command | null> {
  const parsed = MiraInput.safeParse(input);
  if (!parsed.success) return null;
  const { message, goal } = readRequest(parsed.data);
  const request = message ?? goal;
  if (!request) return null;
  const { interrupts, child } = await pausedAt(graph, threadId);
  if (!child || interrupts.length !== 1) return null;
  const keyed = (value: unknown) => ({ [interrupts[0]!]: value });
  if (child.status === "waiting_user" && message) return new Command({ resume: keyed(message), update: { messages: parsed.data.messages } });
  if (child.status !== "waiting_user" && child.status !== "waiting_approval") return null;
  // The request ends the parent's conversation, so the turn the parent starts when the child's
  // package comes back is planned from it (state/delegation.ts).
  const supersede: SupersedeReply = { supersededBy: request };
  return new Command({ resume: keyed(supersede), update: { messages: message ? parsed.data.messages : [...(parsed.data.messages ?? []), { role: "user", content: request }] } });
}

export function settlingPausedRuns<G extends object>(graph: G): G {
  const target = graph as unknown as Settleable;
  const iterate = target._streamIterator.bind(graph);
  const update = target.updateState.bind(graph);

  target._streamIterator = async function* (input: unknown, options?: Partial<RunnableConfig>) {
    let settled = input;
    const threadId = threadOf(options);
    if (input instanceof Command) {
      if (endsRun(input.goto) && input.resume == null) settled = new Command({ resume: RESOLVED });
    } else if (input != null && threadId) {
      settled = (await relayToChild(target, input, threadId)) ?? input;
    }
    yield* iterate(settled, options);
  };

  target.updateState = async (config: RunnableConfig, values: unknown, asNode?: string) => {
    const threadId = threadOf(config);
    if (asNode === END && values == null && threadId) {
      const { interrupts } = await pausedAt(target, threadId);
      if (interrupts.length > 0) {
        await target.invoke(new Command({ resume: Object.fromEntries(interrupts.map((id) => [id, RESOLVED])) }), config);
        return (await target.getState({ configurable: { thread_id: threadId } })).config;
      }
    }
    return update(config, values, asNode);
  };
  return graph;
}
