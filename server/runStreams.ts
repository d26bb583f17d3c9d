/**
 * Run events and cancellations shared by every instance, through Redis.
 *
 * - Events: one Redis Stream per run (`XADD`), so a client on any instance can join a run
 *   executing on another one, from the start or after the last event id it saw
 *   (`Last-Event-ID`), with a blocking `XREAD` — no polling loop of ours.
 * - The end of a run is an explicit `__done__` entry written by the instance that ran it.
 * - One command per event: the log's expiry is set with its first event and again at its end,
 *   not with every event, and joins reuse idle reader connections instead of opening one each.
 * - Cancellations (`interrupt`, `rollback`) go out on one pub/sub channel; the instance that
 *   holds the run aborts it.
 */
import { Redis } from "ioredis";

export type StreamEvent = { id: string; event: string; data: unknown; normalized?: boolean };
export type CancelAction = "interrupt" | "rollback";

const DONE = "__done__";
const CANCEL_CHANNEL = "mira:cancel";
/** Run logs expire a day after their last event; a run's own record lives in PostgreSQL. */
const EVENTS_TTL_SECONDS = 24 * 3600;
const BLOCK_MS = 1000;
/** Idle reader connections kept for the next join (each join holds one while it blocks). */
const IDLE_READERS = 16;

const eventsKey = (runId: string) => `mira:run:${runId}:events`;

/** JSON with LangChain objects (messages) as their dict form, as the official server sends them. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value ?? null, function (key, v) {
    const raw = (this as Record<string, unknown>)[key];
    if (raw != null && typeof raw === "object" && typeof (raw as { toDict?: unknown }).toDict === "function") {
      const { type, data } = (raw as { toDict(): { type: string; data: Record<string, unknown> } }).toDict();
      return { ...data, type };
    }
    return v;
  });
}

export class RunStreams {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly cancelHandlers = new Set<(runId: string, action: CancelAction) => void>();
  /** Runs whose log this instance has given an expiry (the first event of each run it executes). */
  private readonly expiring = new Set<string>();
  private readonly idleReaders: Redis[] = [];

  private constructor(private readonly url: string) {
    // Commands wait through a Redis restart instead of failing at once.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    this.subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    this.redis.on("error", () => {});
    this.subscriber.on("error", () => {});
  }

  /** Connects both connections; throws (within ~3 s) when Redis cannot be reached. */
  static async open(url: string): Promise<RunStreams> {
    const streams = new RunStreams(url);
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
    // ioredis rejects with "Connection is closed"; the socket's own error says why.
    let cause: unknown;
    probe.on("error", (err: unknown) => (cause ??= err));
    try {
      await probe.connect();
      await probe.ping();
    } catch (err) {
      throw cause ?? err;
    } finally {
      probe.disconnect();
    }
    await streams.redis.connect();
    await streams.subscriber.connect();
    await streams.subscriber.subscribe(CANCEL_CHANNEL);
    streams.subscriber.on("message", (channel: string, message: string) => {
      if (channel !== CANCEL_CHANNEL) return;
      const { runId, action } = JSON.parse(message) as { runId: string; action: CancelAction };
      for (const handler of streams.cancelHandlers) handler(runId, action);
    });
    return streams;
  }

  /** Appends one event to the run's log; the first event of a run also sets the log's expiry. */
  async publish(runId: string, event: string, data: unknown, normalized?: boolean): Promise<void> {
    const fields = ["event", event, "data", toJsonText(data)];
    if (normalized != null) fields.push("normalized", normalized ? "1" : "0");
    if (this.expiring.has(runId)) {
      await this.redis.xadd(eventsKey(runId), "*", ...fields);
      return;
    }
    this.expiring.add(runId);
    await this.redis.multi().xadd(eventsKey(runId), "*", ...fields).expire(eventsKey(runId), EVENTS_TTL_SECONDS).exec();
  }

  /** Marks the run's log complete: joiners stop after reading everything before it. */
  async end(runId: string): Promise<void> {
    this.expiring.delete(runId);
    await this.redis.multi().xadd(eventsKey(runId), "*", "event", DONE).expire(eventsKey(runId), EVENTS_TTL_SECONDS).exec();
  }

  /**
   * Events after `lastEventId` (from the start when absent), until the `__done__` entry, the
   * signal aborts, or `stillRunning()` says the run ended without one (its instance died and
   * nobody will take it over). Each join has a connection to itself while it follows, since
   * `XREAD BLOCK` holds one; it goes back to the idle readers afterwards.
   */
  async *follow(
    runId: string,
    opts: { lastEventId?: string; signal?: AbortSignal; stillRunning: () => Promise<boolean> },
  ): AsyncGenerator<StreamEvent> {
    const reader = this.idleReaders.pop() ?? this.newReader();
    let broken = false;
    const onAbort = () => {
      broken = true;
      reader.disconnect();
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    let cursor = opts.lastEventId && /^\d+-\d+$/.test(opts.lastEventId) ? opts.lastEventId : "0";
    try {
      while (!opts.signal?.aborted) {
        let batch: Array<[string, string[]]> = [];
        try {
          const reply = (await reader.xread("COUNT", 500, "BLOCK", BLOCK_MS, "STREAMS", eventsKey(runId), cursor)) as
            | Array<[string, Array<[string, string[]]>]>
            | null;
          batch = reply?.[0]?.[1] ?? [];
        } catch (err) {
          broken = true;
          if (opts.signal?.aborted) return;
          throw err;
        }
        if (batch.length === 0) {
          if (!(await opts.stillRunning())) {
            // Read once more: the run may have ended between the read and the check.
            const tail = (await this.redis.xread("COUNT", 500, "STREAMS", eventsKey(runId), cursor)) as Array<[string, Array<[string, string[]]>]> | null;
            const rest = tail?.[0]?.[1] ?? [];
            for (const [id, fields] of rest) {
              const event = decode(id, fields);
              if (event === null) return;
              yield event;
            }
            return;
          }
          continue;
        }
        for (const [id, fields] of batch) {
          cursor = id;
          const event = decode(id, fields);
          if (event === null) return;
          yield event;
        }
      }
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
      // Only a reader whose reads all completed is reused (an abort or error leaves it unusable).
      if (!broken && this.idleReaders.length < IDLE_READERS && reader.status === "ready") this.idleReaders.push(reader);
      else reader.disconnect();
    }
  }

  private newReader(): Redis {
    const reader = this.redis.duplicate();
    reader.on("error", () => {});
    return reader;
  }

  /** Asks whichever instance holds `runId` to stop it. */
  async cancel(runId: string, action: CancelAction): Promise<void> {
    await this.redis.publish(CANCEL_CHANNEL, JSON.stringify({ runId, action }));
  }

  onCancel(handler: (runId: string, action: CancelAction) => void): void {
    this.cancelHandlers.add(handler);
  }

  async deleteRun(runId: string): Promise<void> {
    await this.redis.del(eventsKey(runId));
  }

  async close(): Promise<void> {
    for (const reader of this.idleReaders.splice(0)) reader.disconnect();
    this.subscriber.disconnect();
    this.redis.disconnect();
  }
}

/**
 * `null` for the end marker. The data is parsed when first read, so a waiter that keeps only
 * the last state parses one event, not every step's.
 */
function decode(id: string, fields: string[]): StreamEvent | null {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i]!, fields[i + 1]!);
  const event = map.get("event") ?? "";
  if (event === DONE) return null;
  const normalized = map.get("normalized");
  const text = map.get("data") ?? "null";
  let parsed: { value: unknown } | undefined;
  return {
    id,
    event,
    get data() {
      parsed ??= { value: JSON.parse(text) };
      return parsed.value;
    },
    ...(normalized != null ? { normalized: normalized === "1" } : {}),
  };
}
