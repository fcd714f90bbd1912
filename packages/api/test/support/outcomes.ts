import { TRPCError } from "@trpc/server";
import { publicMessage } from "../../src/errors";

/**
 * How a call ended, as a client would see it: `outcome` of its answer ("ok" unless told otherwise), or
 * the message of its refusal (other errors fail the test).
 */
export async function settle<T>(promise: Promise<T>, outcome: (answer: T) => string = () => "ok"): Promise<string> {
  try {
    return outcome(await promise);
  } catch (error) {
    if (error instanceof TRPCError) return publicMessage(error);
    throw error;
  }
}

/** How many calls ended each way: `{ ok: 5, "This group is full": 25 }`. */
export function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}
