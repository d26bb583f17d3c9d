import { config } from "./config.js";

/** Pushes one billing event, retrying with exponential back-off. */
export async function pushEvent(event: unknown, send: (e: unknown) => Promise<void>): Promise<void> {
  let delay = config.initialBackoffMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(event);
    } catch (err) {
      if (attempt >= config.maxRetries) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}
