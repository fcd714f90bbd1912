import type { Services } from "@hyn/core";
import type { RequestEventMessage } from "@hyn/validators";
import { createContextInner, resolveSession } from "../../src/context";
import { createCaller } from "../../src/root";

/**
 * Subscribes to live updates as the SSE transport does: a caller whose abort signal stands for the
 * page's connection, read one message at a time.
 */
export async function listen(services: Services, token: string) {
  const controller = new AbortController();
  const session = await resolveSession(services, token);
  const caller = createCaller(createContextInner({ services, session }), { signal: controller.signal });
  const iterable = (await caller.requests.onChange()) as AsyncIterable<RequestEventMessage>;
  const iterator = iterable[Symbol.asyncIterator]();
  return {
    /** The next message, or a failure after `withinMs` without one. */
    async next(withinMs = 5000): Promise<RequestEventMessage> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const result = await Promise.race([
          iterator.next(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no live event within ${withinMs} ms`)), withinMs);
          }),
        ]);
        if (result.done) throw new Error("the stream ended");
        return result.value;
      } finally {
        clearTimeout(timer);
      }
    },
    /** The page goes away. */
    stop: () => controller.abort(),
  };
}
