import type { StoredAnswer } from "./answer-store";

const SERVER_TIME = '"serverTime":"';

/**
 * Splits a serialized answer around its `serverTime` value, so a hit can say what time it is now.
 * The first raw `"serverTime":"` is the key: inside a JSON string those quotes would be escaped.
 */
export function splitAtServerTime(body: string): Pick<StoredAnswer, "head" | "tail"> {
  const at = body.indexOf(SERVER_TIME);
  if (at < 0) return { head: Buffer.from(body), tail: null };
  const valueStart = at + SERVER_TIME.length;
  const valueEnd = body.indexOf('"', valueStart);
  return { head: Buffer.from(body.slice(0, valueStart)), tail: Buffer.from(body.slice(valueEnd)) };
}

/** The bytes to send: encoded once when stored, so a hit only copies them (or, with no time in it, sends them as they are). */
export function renderAnswer(answer: Pick<StoredAnswer, "head" | "tail">, now: Date): Buffer {
  return answer.tail === null ? answer.head : Buffer.concat([answer.head, Buffer.from(now.toISOString()), answer.tail]);
}

/**
 * The earliest needed-by, after `since`, of any open request in the answer: the moment it turns
 * expired (SPEC §4: "expired" is shown, never stored), and leaves the helpable list. Infinity when
 * none will. `since` is when building began, so a request that expired while the answer was being
 * built makes the entry stale at once.
 */
export function validUntilOf(answer: unknown, since: number): number {
  let earliest = Infinity;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.status === "open" && typeof record.neededBy === "string") {
      const at = Date.parse(record.neededBy);
      if (at > since && at < earliest) earliest = at;
    }
    for (const key in record) visit(record[key]);
  };
  visit(answer);
  return earliest;
}
